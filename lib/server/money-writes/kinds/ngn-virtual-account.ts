import "server-only";
import type { VirtualAccountDto } from "@/lib/contracts/ngn-virtual-account";
import type { ProvisionSubmission } from "@/lib/requests/ngn-submissions";
import type { VirtualAccount } from "@/lib/payments/schemas/nigeria";
import type { NigeriaVirtualAccountRequest } from "@/lib/requests";
import { toVirtualAccountDto } from "./ngn-dto";
import type { WriteAdapter } from "../pipeline";

/**
 * POST /v1/ngn/virtual-account, once (§4.6). Its body has no merchant id, so the
 * browser's reference for the attempt travels beside the six fields. The BVN
 * and birth date go upstream and nowhere else: not into logs, not into the
 * answer, and not into the ledger (keepsRequestBody: false). Whether it was
 * provisioned is the page's own read (GET /api/nigeria/virtual-account).
 */
export const ngnVirtualAccountWrite: WriteAdapter<ProvisionSubmission, NigeriaVirtualAccountRequest, VirtualAccount, VirtualAccountDto> = {
  rail: "ngn-va",
  reference: (input) => input.reference,
  prepare: ({ reference: _reference, ...form }) => form,
  send: (body, idempotencyKey, { client }) => client.nigeria.provisionVirtualAccount(body, { idempotencyKey }),
  transactionId: (account) => account.id ?? null,
  present: (account) => toVirtualAccountDto(account),
  keepsRequestBody: false,
};
