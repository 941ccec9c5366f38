import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { VirtualAccountDto } from "@/lib/contracts/nigeria/virtual-account";
import type { ProvisionSubmission } from "@/lib/nigeria/schemas";
import type { Environment } from "@/lib/rails";
import { attemptIdempotencyKey } from "../idempotency";
import { toVirtualAccountDto } from "./dto";

/** Test keys get 503 on Nigeria (§1 rule 10): answer "live only" without asking. */
export async function readVirtualAccount(client: PaymentsClient, mode: Environment): Promise<VirtualAccountDto> {
  if (mode === "test") return { state: "live_only" };
  return toVirtualAccountDto(await client.nigeria.getVirtualAccount());
}

/**
 * One provisioning attempt: the browser's attempt key, kept across its retries
 * and a refresh, becomes the Idempotency-Key. The BVN and birth date go
 * upstream and nowhere else: not into logs, not into the answer.
 */
export async function provisionVirtualAccount({ attemptKey, ...form }: ProvisionSubmission, client: PaymentsClient, mode: Environment): Promise<VirtualAccountDto> {
  const account = await client.nigeria.provisionVirtualAccount(form, { idempotencyKey: attemptIdempotencyKey("ngn-va", mode, attemptKey) });
  return toVirtualAccountDto(account);
}
