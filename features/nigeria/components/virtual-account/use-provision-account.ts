"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useReviewedSubmit } from "@/components/money-movement/use-reviewed-submit";
import { useSession } from "@/components/session/use-session";
import { apiFetch } from "@/lib/api-fetch";
import { nigeriaKeys } from "@/features/nigeria/contracts/keys";
import { nigeriaProvisionContract, type VirtualAccountDto } from "@/lib/contracts/ngn-virtual-account";
import type { ProvisionSubmission } from "@/lib/requests/ngn-submissions";
import { REFERENCE_PREFIX } from "@/lib/references";
import type { NigeriaVirtualAccountRequest } from "@/lib/requests";

const referenceOf = (submission: ProvisionSubmission) => submission.reference;
const resultIdOf = (account: VirtualAccountDto) => ("id" in account ? account.id : undefined);
const send = (submission: ProvisionSubmission) => apiFetch(nigeriaProvisionContract, { body: submission });

/**
 * One provisioning = one reference = one Idempotency-Key. The reference (not
 * personal) is remembered per tab, so a retry or a refresh reuses it; the
 * form's values are never stored.
 */
export function useProvisionAccount() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const write = useReviewedSubmit({ memoryKey: `ngn-va:${mode}`, prefix: REFERENCE_PREFIX.virtualAccount, referenceOf, resultIdOf, send });

  async function provision(form: NigeriaVirtualAccountRequest): Promise<VirtualAccountDto | undefined> {
    if (!write.reference) return undefined; // not mounted yet
    const account = await write.submit({ ...form, reference: write.reference });
    if (account) {
      queryClient.setQueryData(nigeriaKeys.virtualAccount(mode), account);
      write.startAgain(); // provisioned: the attempt is over
    }
    return account;
  }

  return { provision, reference: write.reference, submitting: write.submitting, error: write.error, startAgain: write.startAgain };
}
