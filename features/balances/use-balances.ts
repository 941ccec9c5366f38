"use client";

import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { balancesQueryOptions } from "./components/balances-queries";

export function useBalances() {
  const { mode } = useSession();
  return useQuery(balancesQueryOptions(mode));
}
