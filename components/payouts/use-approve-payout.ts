"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { balancesKeys } from "@/lib/contracts/balances";
import { payoutKeys } from "@/lib/contracts/payouts";
import { approvePayout } from "./payouts-queries";

/** The approve step: the USDC debit happens here, so balances and the lists refresh after it, whatever the answer. */
export function useApprovePayout() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayout,
    onSuccess: (payout) => queryClient.setQueryData(payoutKeys.one(mode, "europe", payout.transactionId), payout),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.mode(mode) });
      void queryClient.invalidateQueries({ queryKey: balancesKeys.all });
    },
  });
}
