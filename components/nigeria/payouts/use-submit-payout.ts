"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useIdempotentSubmit } from "@/components/money-movement/use-idempotent-submit";
import { useSession } from "@/components/session/use-session";
import { apiFetch } from "@/lib/api-fetch";
import { nigeriaKeys } from "@/lib/contracts/nigeria/keys";
import { nigeriaCreatePayoutContract, type NigeriaPayoutDto } from "@/lib/contracts/nigeria/payouts";
import type { PayoutSubmission } from "@/lib/nigeria/schemas";

const idOf = (body: PayoutSubmission) => body.merchantReference;
const resultIdOf = (payout: NigeriaPayoutDto) => payout.transactionId;
const send = (body: PayoutSubmission) => apiFetch(nigeriaCreatePayoutContract, { body });

/** The payout write: the BFF derives the Idempotency-Key from merchantReference, so resending is always safe. */
export function useSubmitPayout() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const write = useIdempotentSubmit({ memoryKey: `ngn-payout:${mode}`, idOf, resultIdOf, send });

  async function submit(body: PayoutSubmission): Promise<NigeriaPayoutDto | undefined> {
    try {
      return await write.submit(body);
    } finally {
      void queryClient.invalidateQueries({ queryKey: nigeriaKeys.payouts(mode) });
    }
  }
  return { ...write, submit };
}
