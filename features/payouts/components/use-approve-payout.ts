"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { balancesKeys } from "@/lib/contracts/balances";
import { payoutKeys } from "@/lib/contracts/region-payouts";
import { approvePayout } from "./payouts-queries";

/**
 * The approve step: the USDC debit happens here, so balances and the lists refresh after it,
 * whatever the answer. After a failure the lists wait for `refreshLists`, which the dialog calls
 * as it closes: refreshed at once, a payout that is no longer awaiting approval left the list and
 * took its open dialog with it, the reason unread.
 */
export function useApprovePayout() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: payoutKeys.mode(mode) });
  const mutation = useMutation({
    mutationFn: approvePayout,
    onSuccess: (payout) => {
      queryClient.setQueryData(payoutKeys.one(mode, "europe", payout.transactionId), payout);
      refreshLists();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: balancesKeys.all }),
  });
  return { mutation, refreshLists };
}
