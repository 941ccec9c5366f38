"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useIdempotentSubmit } from "@/components/money-movement/use-idempotent-submit";
import { useSession } from "@/components/session/use-session";
import { apiFetch } from "@/lib/api-fetch";
import { nigeriaKeys } from "@/lib/contracts/nigeria/keys";
import { nigeriaProvisionContract, type VirtualAccountDto } from "@/lib/contracts/nigeria/virtual-account";
import { generateAttemptKey } from "@/lib/nigeria/reference";
import type { ProvisionSubmission } from "@/lib/nigeria/schemas";
import type { NigeriaVirtualAccountRequest } from "@/lib/requests";

const idOf = (body: ProvisionSubmission) => body.attemptKey;
const resultIdOf = (account: VirtualAccountDto) => ("id" in account ? account.id : undefined);
const send = (body: ProvisionSubmission) => apiFetch(nigeriaProvisionContract, { body });

/**
 * One provisioning attempt = one Idempotency-Key. The attempt key (random, not
 * personal) is remembered per tab, so a retry or a refresh reuses it; the
 * form's values are never stored.
 */
export function useProvisionAccount() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const write = useIdempotentSubmit({ memoryKey: `ngn-va-attempt:${mode}`, idOf, resultIdOf, send });

  async function provision(form: NigeriaVirtualAccountRequest): Promise<VirtualAccountDto | undefined> {
    const attemptKey = write.remembered?.id ?? generateAttemptKey();
    const account = await write.submit({ ...form, attemptKey });
    if (account) {
      queryClient.setQueryData(nigeriaKeys.virtualAccount(mode), account);
      write.remember(null); // provisioned: the attempt is over
    }
    return account;
  }

  return { provision, submitting: write.submitting, error: write.error, retrying: write.remembered !== null };
}
