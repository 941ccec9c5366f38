"use client";

import { useBalances } from "@/components/balances/use-balances";

/** The NGN pocket's available balance: undefined while loading, null when there is no NGN pocket. */
export function useNgnAvailable(): { available: string | null | undefined; asOf?: string } {
  const balances = useBalances();
  if (!balances.data) return { available: undefined };
  const pocket = balances.data.pockets.find((item) => item.currency === "NGN");
  return { available: pocket ? pocket.available : null, asOf: pocket?.asOf ?? balances.data.asOf };
}
