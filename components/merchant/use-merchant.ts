"use client";

import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { meQueryOptions } from "./merchant-queries";

export function useMerchant() {
  const { mode } = useSession();
  return useQuery(meQueryOptions(mode));
}
