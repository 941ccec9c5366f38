"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useIdempotentSubmit } from "@/components/money-movement/use-idempotent-submit";
import { useSession } from "@/components/session/use-session";
import { apiFetch } from "@/lib/api-fetch";
import type { PayoutDto } from "@/lib/nigeria/dto";
import type { PayoutSubmission } from "@/lib/nigeria/schemas";
import { nigeriaQueryKey } from "../queries";

const idOf = (body: PayoutSubmission) => body.merchantReference;
const resultIdOf = (payout: PayoutDto) => payout.transactionId;
const send = (body: PayoutSubmission) => apiFetch<PayoutDto>("/api/nigeria/payouts", { method: "POST", json: body });

/** The payout write: the BFF derives the Idempotency-Key from merchantReference, so resending is always safe. */
export function useSubmitPayout() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const write = useIdempotentSubmit({ memoryKey: `ngn-payout:${mode}`, idOf, resultIdOf, send });

  async function submit(body: PayoutSubmission): Promise<PayoutDto | undefined> {
    try {
      return await write.submit(body);
    } finally {
      void queryClient.invalidateQueries({ queryKey: [...nigeriaQueryKey, mode, "payouts"] });
    }
  }
  return { ...write, submit };
}
