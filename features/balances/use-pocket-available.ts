"use client";

import { useBalances } from "./use-balances";

/** One pocket's available balance: undefined while loading, null when there is no such pocket. */
export function usePocketAvailable(currency: string): { available: string | null | undefined; asOf?: string } {
  const balances = useBalances();
  if (!balances.data) return { available: undefined };
  const pocket = balances.data.pockets.find((item) => item.currency === currency);
  return { available: pocket ? pocket.available : null, asOf: pocket?.asOf ?? balances.data.asOf };
}
