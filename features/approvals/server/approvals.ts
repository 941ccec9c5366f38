import "server-only";
import type { ApprovalDetailDto, ApprovalDto, ApprovalsDto, ApprovalTrailEntryDto, MyApprovalsDto } from "@/features/approvals/contracts";
import type { PayoutDto } from "@/lib/contracts/region-payouts";
import type { NigeriaPayoutRequest } from "@/lib/requests";
import type { Environment } from "@/lib/rails";
import { can, type Role } from "@/lib/permissions";
import type { PaymentsClient } from "@/lib/payments";
import { ApiError } from "@/lib/server/api-error";
import { recordAudit, staffActor } from "@/lib/server/audit/app";
import { loadBalances } from "@/lib/server/balances";
import { db } from "@/lib/server/db/app";
import { approvalAudit, type ApprovalRequest } from "@/lib/server/money-writes/approvals";
import { PaymentsApiError } from "@/lib/payments/errors";
import { europeApproveWrite } from "@/lib/server/money-writes/kinds/europe-approve";
import { ngnPayoutWrite } from "@/lib/server/money-writes/kinds/ngn-payout";
import { payoutWrite } from "@/lib/server/money-writes/kinds/region-payout";
import { runMoneyWrite, sendApprovedWrite, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { approvals, moneyWrites } from "@/lib/server/money-writes/process-store";
import { logger } from "@/lib/server/logger";
import { invitedBySameAdmin } from "@/lib/server/users";

// Maker-checker's BFF logic (issue 59): the queue, a request with its trail, approve and reject.
// Approval sends the stored bytes through the one pipeline under the reference's key
// (sendApprovedWrite): the ledger's claim of the held row lets one send through, whoever else
// approves or clicks again meanwhile. The maker can never decide their own request.

const RAIL_LABEL: Record<string, string> = {
  "ngn-payout": "Nigeria payout",
  "bangladesh-payout": "Bangladesh payout",
  "brazil-payout": "Brazil payout",
  "europe-payout": "Europe payout",
};

/** The pocket each rail pays from (Europe debits USDC, docs/decisions/0022). */
const POCKET: Record<string, string> = { "ngn-payout": "NGN", "bangladesh-payout": "BDT", "brazil-payout": "BRL", "europe-payout": "USDC" };

type Viewer = { email: string };

function toDto(request: ApprovalRequest, viewer: Viewer, available: Map<string, string> | null): ApprovalDto {
  const pocket = POCKET[request.rail] ?? request.currency;
  return {
    id: request.id,
    environment: request.environment,
    rail: request.rail,
    railLabel: RAIL_LABEL[request.rail] ?? request.rail,
    reference: request.reference,
    amount: request.amount,
    currency: request.currency,
    beneficiary: request.beneficiary,
    maker: request.makerEmail,
    createdAt: request.createdAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    status: request.status,
    decidedBy: request.decidedBy,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    reason: request.reason,
    code: request.code,
    transactionId: request.transactionId,
    threshold: request.policy.threshold,
    mine: request.makerEmail === viewer.email,
    pocket: { currency: pocket, available: available?.get(pocket) ?? null },
  };
}

/** The pockets' available balances, or null when the balance cannot be read (the queue shows it without them). */
async function availableBalances(mode: Environment): Promise<Map<string, string> | null> {
  try {
    const balances = await loadBalances(mode);
    return new Map(balances.pockets.map((pocket) => [pocket.currency, pocket.available]));
  } catch (error) {
    logger.warn("approvals: balances not read", { error: error instanceof Error ? error.name : "unknown" });
    return null;
  }
}

export async function listApprovals(mode: Environment, viewer: Viewer): Promise<ApprovalsDto> {
  const [{ open, recent }, available] = await Promise.all([approvals().list(mode), availableBalances(mode)]);
  return { open: open.map((r) => toDto(r, viewer, available)), recent: recent.map((r) => toDto(r, viewer, null)) };
}

/** How many of a maker's newest requests the payout pages list. */
const MY_REQUESTS_SHOWN = 10;

/** The signed-in maker's own requests, newest first: where each of their held payouts stands. */
export async function listMyApprovals(mode: Environment, viewer: Viewer): Promise<MyApprovalsDto> {
  const requests = await approvals().listByMaker(mode, viewer.email, MY_REQUESTS_SHOWN);
  return { requests: requests.map((r) => toDto(r, viewer, null)) };
}

export async function countApprovals(mode: Environment): Promise<{ open: number }> {
  return { open: await approvals().countOpen(mode) };
}

async function trailOf(request: ApprovalRequest): Promise<ApprovalTrailEntryDto[]> {
  const rows = await db()
    .selectFrom("audit_log")
    .select(["at", "action", "actor_email", "actor_id", "result"])
    .where("environment", "=", request.environment)
    .where("merchant_reference", "=", request.reference)
    .where("action", "like", "approval.%")
    .orderBy("id")
    .limit(50)
    .execute();
  return rows.map((row) => ({ at: row.at.toISOString(), action: row.action, actor: row.actor_email ?? row.actor_id, result: row.result }));
}

async function found(mode: Environment, id: string): Promise<ApprovalRequest> {
  const request = await approvals().find(mode, id);
  if (!request) throw noRequest(mode, id);
  return request;
}

const noRequest = (mode: Environment, id: string) => new ApiError("not_found", `No approval request ${id} in ${mode} mode.`);

/**
 * An approver's, or the maker's own: a request names a beneficiary and an amount, which the rest of
 * the staff do not see (a viewer holds balances:read, which the route asks for). Not found, not
 * forbidden, for anyone else: an id alone says nothing.
 */
export async function readApproval(mode: Environment, id: string, viewer: Viewer & { role: Role }): Promise<ApprovalDetailDto> {
  const request = await found(mode, id);
  if (!can(viewer.role, "payouts:approve") && request.makerEmail !== viewer.email) throw noRequest(mode, id);
  const available = request.status === "requested" ? await availableBalances(mode) : null;
  return { request: toDto(request, viewer, available), trail: await trailOf(request) };
}

const SELF = "You made this payout request: a second person must approve or reject it.";

function assertNotMaker(request: ApprovalRequest, ctx: WriteContext): void {
  if (request.makerEmail === ctx.actor.email) throw new ApiError("forbidden", SELF);
}

function closed(request: ApprovalRequest): ApiError {
  const said = request.status === "expired" ? "It expired" : `It was already ${request.status}`;
  return new ApiError("approval_closed", `${said}: nothing was sent now. Its reference is spent; the maker starts again with a new one.`);
}

/**
 * NGN: the maker's name enquiry token lasts 15 minutes and is theirs, so the enquiry runs again
 * under the approver. A name that changed since is refused as `name_changed`, naming both.
 */
async function checkNigeriaName(request: ApprovalRequest, client: PaymentsClient): Promise<void> {
  if (request.rail !== "ngn-payout") return;
  const body = JSON.parse(request.requestBody) as NigeriaPayoutRequest;
  const verified = await client.nigeria.verifyAccount({
    bankCode: body.beneficiary.bankCode,
    accountNumber: body.beneficiary.accountNumber,
  });
  const now = verified.accountName.trim();
  if (now.toLowerCase() !== body.beneficiary.accountName.trim().toLowerCase()) {
    throw new ApiError(
      "name_changed",
      `The account's name changed since the request was made: it was "${body.beneficiary.accountName}", the bank now says "${now}". It cannot be approved as it is: reject it, and the maker starts again.`,
    );
  }
}

type Sent = { transactionId: string | null; europeAwaiting: boolean };

async function send(request: ApprovalRequest, ctx: WriteContext): Promise<Sent> {
  const pipeline = moneyWrites();
  const stored = { reference: request.reference, bytes: request.requestBody };
  switch (request.rail) {
    case "ngn-payout": {
      const dto = await sendApprovedWrite(pipeline, ngnPayoutWrite, stored, ctx);
      return { transactionId: dto.transactionId, europeAwaiting: false };
    }
    case "bangladesh-payout":
      return region(await sendApprovedWrite(pipeline, payoutWrite("bangladesh"), stored, ctx));
    case "brazil-payout":
      return region(await sendApprovedWrite(pipeline, payoutWrite("brazil"), stored, ctx));
    case "europe-payout":
      return region(await sendApprovedWrite(pipeline, payoutWrite("europe"), stored, ctx));
    default:
      throw new ApiError("internal", `No approval path for ${request.rail}.`);
  }
}

const region = (dto: PayoutDto): Sent => ({ transactionId: dto.transactionId, europeAwaiting: dto.approvalStatus === "awaiting_approval" });

/**
 * Europe under a policy: the checker's approval is the approval, so the upstream approve step
 * follows the create at once. Refused (the USDC pocket short, say) it is not final upstream:
 * the request is sent, with the code saying "approve again when funded".
 */
async function approveEurope(transactionId: string, ctx: WriteContext): Promise<string | null> {
  try {
    await runMoneyWrite(moneyWrites(), europeApproveWrite, { transactionId }, ctx);
    return null;
  } catch (error) {
    logger.info("approvals: europe approve refused", { requestId: ctx.requestId });
    if (error instanceof ApiError) return error.code;
    // The API's own refusal code (insufficient_balance …) when it is a plain code, so the request says why.
    if (error instanceof PaymentsApiError && /^[a-z_]{1,40}$/.test(error.upstreamCode ?? "")) return error.upstreamCode!;
    return "upstream_approve_refused";
  }
}

/**
 * Approve: requested → approved (one approver only, never the maker, not past its time), then the
 * stored bytes go through the pipeline. A request already approved whose send did not settle (no
 * answer) is sent again by the same key and bytes; one whose send is running answers as it stands.
 */
export async function approve(id: string, ctx: WriteContext): Promise<ApprovalDto> {
  const store = approvals();
  let request = await found(ctx.mode, id);
  assertNotMaker(request, ctx);
  const viewer = { email: ctx.actor.email };
  const trail = { requestId: ctx.requestId, clientAddress: ctx.clientAddress ?? null };
  if (request.status === "requested") {
    await checkNigeriaName(request, ctx.client);
    const won = await store.markApproved(ctx.mode, id, ctx.actor.email);
    if (won) {
      // One admin who invited both maker and checker could have minted the pair (issue 58): flagged.
      const { sameInviter, inviter } = await invitedBySameAdmin(db(), won.makerEmail, ctx.actor.email);
      const details = sameInviter && inviter ? { sameInviter: inviter } : undefined;
      await recordAudit(approvalAudit(won, "approved", staffActor(ctx.actor), { ...trail, details }));
    }
    request = await found(ctx.mode, id);
  }
  if (request.status === "rejected" || request.status === "expired") throw closed(request);
  if (request.status !== "approved") return toDto(request, viewer, null);

  let sent: Sent;
  try {
    sent = await send(request, ctx);
  } catch (error) {
    // Another approval's send of this very request is running: it decides; this one sent nothing.
    if (error instanceof ApiError && error.code === "write_in_flight") return toDto(request, viewer, null);
    const row = await moneyWrites().ledger.find(ctx.mode, request.rail, request.reference);
    // Refused for good (insufficient_balance …), or refused before the API kept it: the request fails,
    // final for this reference; the maker reads it on the request's page. No answer: still approved, approve again to check.
    if (!row || row.state === "failed") {
      const code = row?.code ?? (error instanceof ApiError ? error.code : "refused");
      const failed = await store.markOutcome(ctx.mode, id, { status: "failed", code });
      if (failed) await recordAudit(approvalAudit(failed, "failed", staffActor(ctx.actor), trail));
    }
    throw error;
  }
  const code = sent.europeAwaiting && sent.transactionId ? await approveEurope(sent.transactionId, ctx) : null;
  const done = await store.markOutcome(ctx.mode, id, { status: "sent", transactionId: sent.transactionId, code });
  if (done) await recordAudit(approvalAudit(done, "sent", staffActor(ctx.actor), trail));
  return toDto(done ?? (await found(ctx.mode, id)), viewer, null);
}

/** Reject: with a reason, never the maker's own; the reference is spent in the same transaction. */
export async function reject(id: string, reason: string, ctx: WriteContext): Promise<ApprovalDto> {
  const request = await found(ctx.mode, id);
  assertNotMaker(request, ctx);
  const rejected = await approvals().markRejected(ctx.mode, id, ctx.actor.email, reason);
  if (!rejected) throw closed(await found(ctx.mode, id));
  await recordAudit(
    approvalAudit(rejected, "rejected", staffActor(ctx.actor), { requestId: ctx.requestId, clientAddress: ctx.clientAddress ?? null }),
  );
  return toDto(rejected, { email: ctx.actor.email }, null);
}

/** An approval request's id from a route's path: `apr_` and 20 hex digits, or not found. */
export function approvalIdOf(raw: unknown): string {
  if (typeof raw !== "string" || !/^apr_[0-9a-f]{20}$/.test(raw)) throw new ApiError("not_found", "No such approval request.");
  return raw;
}
