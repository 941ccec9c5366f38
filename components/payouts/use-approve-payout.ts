"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { balancesQueryKey } from "@/components/balances/balances-query";
import { useSession } from "@/components/session/use-session";
import { approvePayout, payoutQueryKey, payoutsQueryKey } from "./payout-queries";

/** The approve step: the USDC debit happens here, so balances and the lists refresh after it, whatever the answer. */
export function useApprovePayout() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayout,
    onSuccess: (payout) => queryClient.setQueryData(payoutQueryKey(mode, "europe", payout.transactionId), payout),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...payoutsQueryKey, mode] });
      void queryClient.invalidateQueries({ queryKey: balancesQueryKey });
    },
  });
}
