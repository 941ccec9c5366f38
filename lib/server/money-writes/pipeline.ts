import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { trackWriteInFlight } from "@/lib/server/lifecycle/drain";
import { MARKET_INFO, type Environment } from "@/lib/rails";
import { PaymentsApiError } from "@/lib/payments/errors";
import { ApiError, spentRefusal } from "../api-error";
import { type MatchedPolicy, type WriteHooks } from "./hooks";
import { bodyFingerprint, idempotencyKey, personalBodyFingerprint, sameBody } from "./idempotency";
import { INTERRUPTED, type WriteActor, type WriteLedger, type WriteRecord } from "./ledger";
import { stillInFlight } from "./owner";
import { classifySendFailure, refusedBeforeIdempotency } from "./outcome";
import type { WriteSummary } from "./summary";
import { liveOnlyMarketOf, type WriteKind } from "./write-kinds";

// The one pipeline every money write goes through (docs/architecture.md):
//
//   validate → policy → idempotency key → ledger intent → upstream call → ledger outcome → audit
//
// Validation of the request's shape happens at the route (its contract's schema);
// a rail adds its own checks in `prepare`. Nothing reaches the upstream before
// the ledger holds the intent, and nothing is reserved after a policy refusal.

export type WriteContext = {
  client: PaymentsClient;
  mode: Environment;
  actor: WriteActor;
  requestId: string;
  /** For the audit trail; null outside a request (tests, the bench). */
  clientAddress?: string | null;
};

/** What a rail can learn upstream about a write whose answer was lost. */
export type FoundWrite =
  | { state: "created"; transactionId: string }
  /** Looked for where it would be, and it is not there: it was not created. */
  | { state: "absent" }
  /** The API offers no way to tell yet (no id known, no search by reference). */
  | { state: "not_known" };

/** One small adapter per rail: what it sends, how, and how to read the answer. */
export interface WriteAdapter<Input, Body, Answer, Result> {
  rail: WriteKind;
  /** The merchant's own id for this write (merchantReference, or the rail's own merchant id field). */
  reference(input: Input): string;
  /** Checks beyond the shape (NGN: the name-enquiry token) and the exact body to send. */
  prepare(input: Input, ctx: WriteContext): Body | Promise<Body>;
  send(body: Body, idempotencyKey: string, ctx: WriteContext): Promise<Answer>;
  /** The created record's transactionId, for the ledger (null when the answer carries none). */
  transactionId(answer: Answer): string | null;
  /** What the route answers (the DTO); may remember the answer elsewhere (Europe approvals). */
  present(answer: Answer, ctx: WriteContext): Result | Promise<Result>;
  /** Whether a write whose answer was lost exists upstream; `known` is the ledger's record of it, if any. */
  find?(reference: string, known: WriteRecord | undefined, ctx: WriteContext): Promise<FoundWrite>;
  /**
   * false for a write the API does not key (Europe's approve): it stores no
   * refusal for replay, so a refusal frees the reference instead of spending it.
   */
  replaysRefusals?: boolean;
  /** The API's own reference for the created record (the NGN payout's `NGNP-…`), kept in the write's summary. */
  payoutReference?(answer: Answer): string | null;
  /** false when the body carries personal data the ledger must not hold (the virtual account's BVN). */
  keepsRequestBody?: boolean;
}

export type Pipeline = {
  ledger: WriteLedger;
  hooks: WriteHooks;
  /** The masked summary kept beside a new write (summary.ts's summaryOf in the app; none in unit tests). */
  summarise?: (rail: WriteKind, body: unknown) => WriteSummary | null;
};

// Identical concurrent submissions in this process (a double click, a second tab)
// share one upstream call. Across instances the upstream's idempotency store is
// the guarantee: the same key and bytes replay the first answer.
const inFlight = new Map<string, { fingerprint: string; answer: Promise<unknown> }>();

type Prepared<Body> = { body: Body; reference: string; key: string; bytes: string; fingerprint: string };

export async function runMoneyWrite<Input, Body, Answer, Result>(
  pipeline: Pipeline,
  adapter: WriteAdapter<Input, Body, Answer, Result>,
  input: Input,
  ctx: WriteContext,
): Promise<Result> {
  // Test keys always get 503 on these rails (§5 rule 10): sent, the certain refusal would be kept as
  // a write of unknown outcome under its reference for good. Nothing is reserved or sent.
  const liveOnly = ctx.mode === "test" ? liveOnlyMarketOf(adapter.rail) : null;
  if (liveOnly) {
    throw new ApiError("payment_unavailable", `${MARKET_INFO[liveOnly].label} is live only: test keys cannot use it. Nothing was sent.`);
  }
  const body = await adapter.prepare(input, ctx);
  const reference = adapter.reference(input);

  const decision = await pipeline.hooks.policy({
    environment: ctx.mode,
    rail: adapter.rail,
    reference,
    actor: ctx.actor,
    requestId: ctx.requestId,
    body,
  });
  if (decision.outcome === "refuse") throw new ApiError(decision.code, decision.message);

  const key = idempotencyKey(ctx.mode, adapter.rail, reference);
  const bytes = JSON.stringify(body);
  const prepared = { body, reference, key, bytes, fingerprint: bodyFingerprint(bytes) };
  if (decision.outcome === "hold") return hold(pipeline, adapter, prepared, decision.policy, ctx);
  return adapter.present(await sendJoined(pipeline, adapter, prepared, ctx, false), ctx);
}

/**
 * Sends an approved request's stored bytes, exactly as reviewed, under its reference's key: the
 * held row is claimed (held → sent) by one request only, so two approvers at once, a double click
 * or a retry make one payout (the in-process join, then the ledger's claim; a re-send after an
 * unknown outcome replays the same key and bytes). Neither `prepare` nor the policy runs again:
 * the body was checked when it was held, and the approval is the policy's answer.
 */
export async function sendApprovedWrite<Input, Body, Answer, Result>(
  pipeline: Pipeline,
  adapter: WriteAdapter<Input, Body, Answer, Result>,
  { reference, bytes }: { reference: string; bytes: string },
  ctx: WriteContext,
): Promise<Result> {
  const key = idempotencyKey(ctx.mode, adapter.rail, reference);
  const prepared = { body: JSON.parse(bytes) as Body, reference, key, bytes, fingerprint: bodyFingerprint(bytes) };
  return adapter.present(await sendJoined(pipeline, adapter, prepared, ctx, true), ctx);
}

function sendJoined<Input, Body, Answer, Result>(
  pipeline: Pipeline,
  adapter: WriteAdapter<Input, Body, Answer, Result>,
  prepared: Prepared<Body>,
  ctx: WriteContext,
  approved: boolean,
): Promise<Answer> {
  const { key, fingerprint } = prepared;
  // Checked and registered with no await in between, so a second identical
  // submission can never start its own send while the first is reserving.
  const running = inFlight.get(key);
  if (running && running.fingerprint !== fingerprint) throw new ApiError("reference_in_use");
  const answer = (running?.answer as Promise<Answer> | undefined) ?? reserveAndSend(pipeline, adapter, prepared, ctx, approved);
  if (!running) {
    trackWriteInFlight(answer);
    inFlight.set(key, { fingerprint, answer });
    const settled = () => inFlight.delete(key);
    answer.then(settled, settled);
  }
  return answer;
}

/**
 * A write the policy holds: its reference is reserved as `held` with the exact bytes, the hook
 * stores the approval request, and the maker is answered `approval_pending` with its id. Nothing
 * is sent. The same write submitted again finds its request; other bytes under the reference are
 * refused as always, and a reference already spent stays spent.
 */
async function hold<Input, Body, Answer, Result>(
  { ledger, hooks }: Pipeline,
  adapter: WriteAdapter<Input, Body, Answer, Result>,
  { reference, key, bytes, fingerprint }: Prepared<Body>,
  policy: MatchedPolicy,
  ctx: WriteContext,
): Promise<Result> {
  if (!hooks.hold || adapter.keepsRequestBody === false) throw new ApiError("internal", "This write cannot wait for approval.");
  const { record, created } = await ledger.reserve({
    environment: ctx.mode,
    rail: adapter.rail,
    reference,
    idempotencyKey: key,
    fingerprint,
    actor: ctx.actor,
    requestBody: bytes,
    holding: true,
  });
  if (!created) {
    if (!(await sameBody(record.fingerprint, bytes))) throw new ApiError("reference_in_use");
    if (record.state === "failed") throw new ApiError("reference_refused");
    // Already sent (approved, or sent before the policy existed): it is not held again.
    if (record.state !== "held") throw new ApiError("reference_in_use");
  }
  const approvalId = await hooks.hold({ record, bytes, policy, requestId: ctx.requestId, clientAddress: ctx.clientAddress ?? null });
  throw new ApiError("approval_pending", undefined, { approvalId });
}

/**
 * Puts a claimed row back to what it knew before the claim: unknown. A row claimed from intent or
 * sent had gone quiet (a fresh one is never claimed), which reads the same as unknown; put back as
 * `sent`, it would read as a send in flight for the whole grace, and "check again" would wait.
 */
async function restore(ledger: WriteLedger, seen: WriteRecord): Promise<void> {
  const code = seen.state === "unknown" ? (seen.code ?? "no_answer") : INTERRUPTED;
  await ledger.record(seen.environment, seen.rail, seen.reference, { state: "unknown", code, upstreamStatus: seen.upstreamStatus });
}

/**
 * Takes a reference already in the ledger for one more send: true when its row is now this
 * process's `sent`, false for an answered write (replayed for its answer, the row left as is).
 * A fresh intent or sent row, or one another request moved since it was read, is a send still
 * running: a second beside it could meet the API mid-processing (§7 speaks only of a replay after
 * it) and the answers overwrite each other. Then nothing is sent; "check again" says in flight.
 */
async function claimResend(ledger: WriteLedger, record: WriteRecord): Promise<WriteRecord | null> {
  if (record.state === "answered") return null;
  const claimed = stillInFlight(record) ? undefined : await ledger.claim(record);
  if (!claimed) throw new ApiError("write_in_flight");
  return claimed;
}

/**
 * Right before the send, the row is still this request's: untouched since it reserved or claimed
 * it. A process stalled longer than the grace between the two (a frozen VM, the trail's lock held)
 * finds its write taken over, settled by the reconciler or claimed by another "check again", and
 * sends nothing beside it; the row is left to whoever holds it now. The check restamps the row, so
 * the send's own time counts from here.
 */
async function stillMine(ledger: WriteLedger, held: WriteRecord): Promise<void> {
  if (!(await ledger.claim(held))) throw new ApiError("write_in_flight");
}

/**
 * A reference already in the ledger may be sent again only as the same write, only if it was not
 * refused, and a held one only by its approval (no submission, whatever a policy says now, sends it).
 */
async function assertMayResend(record: WriteRecord, bytes: string, approved: boolean): Promise<void> {
  if (!(await sameBody(record.fingerprint, bytes))) throw new ApiError("reference_in_use");
  if (record.state === "failed") throw new ApiError("reference_refused");
  if (record.state === "held" && !approved) throw new ApiError("approval_pending");
}

async function reserveAndSend<Input, Body, Answer, Result>(
  { ledger, hooks, summarise }: Pipeline,
  adapter: WriteAdapter<Input, Body, Answer, Result>,
  { body, reference, key, bytes, fingerprint }: Prepared<Body>,
  ctx: WriteContext,
  approved: boolean,
): Promise<Answer> {
  const { rail } = adapter;
  const personal = adapter.keepsRequestBody === false;
  const { record, created } = await ledger.reserve({
    environment: ctx.mode,
    rail,
    reference,
    idempotencyKey: key,
    fingerprint: personal ? await personalBodyFingerprint(bytes) : fingerprint,
    actor: ctx.actor,
    requestBody: personal ? null : bytes,
    sending: true,
    summary: summarise?.(rail, body) ?? null,
  });
  if (!created) await assertMayResend(record, bytes, approved);
  // A re-send claims the row before anything is sent (claimResend); a new write holds it already.
  const claimedRow = created ? null : await claimResend(ledger, record);
  const claimed = claimedRow !== null;
  // Whoever sends is named, a re-send's sender too (another approver, a colleague's "send
  // again"): the row's actor is only who reserved the reference.
  const trail = { by: ctx.actor, requestId: ctx.requestId, clientAddress: ctx.clientAddress ?? null };
  // Nothing is sent unrecorded: when the trail cannot take the intent, nothing is sent, and the
  // reference this request reserved is freed, or its row would read as sent (in flight, then
  // unknown) and a later "check again" would send it with no intent in the trail. A re-send's
  // row goes back to what it knew.
  await hooks.audit({ phase: "intent", record, ...(created ? {} : { resend: true as const }), ...trail }).catch(async (error: unknown) => {
    if (created) await ledger.release(ctx.mode, rail, reference);
    else if (claimed) await restore(ledger, record);
    throw error;
  });

  const held = created ? record : claimedRow;
  if (held) {
    await stillMine(ledger, held).catch(async (error: unknown) => {
      // The trail says how this request's intent ended: nothing sent, the row left as it stands.
      await hooks.audit({ phase: "outcome", record: { ...record, code: "write_in_flight" }, kept: true, ...trail });
      throw error;
    });
  }

  let answer: Answer;
  try {
    answer = await adapter.send(body, key, ctx);
  } catch (error) {
    const failure = classifySendFailure(error);
    const spent = failure.kind === "unknown" || (failure.kind === "refused" && adapter.replaysRefusals !== false);
    // The refusal itself, for the trail when the row does not record it.
    const { code, upstreamStatus } = failure.kind === "never_stored" ? failure : failure.outcome;
    if (!created && (refusedBeforeIdempotency(error) || !spent || record.state === "answered")) {
      // A re-send refused before the API looked at its key (our credentials, a clock off, the
      // market's gate closed since) says nothing of the first send, which may exist: the row keeps
      // what it knew, for "check again" and the reconciler. Only a reference this request
      // reserved is freed, or failed. A write already answered stays answered whatever its
      // replay meets: the failure is the replay's, not the write's (its row was never claimed).
      if (claimed) await restore(ledger, record);
      await hooks.audit({ phase: "outcome", record: { ...record, code, upstreamStatus }, kept: true, ...trail });
    } else if (spent) {
      const outcome = await ledger.record(ctx.mode, rail, reference, failure.outcome);
      await hooks.audit({ phase: "outcome", record: outcome, ...trail });
      // A kept refusal that names fields is final all the same: the form must not offer to fix them under this reference.
      if (failure.kind === "refused" && error instanceof PaymentsApiError && error.code === "validation") throw spentRefusal(error);
    } else {
      await ledger.release(ctx.mode, rail, reference);
      // The trail says how the intent ended, or it would read as a write still in the air.
      await hooks.audit({ phase: "outcome", record: { ...record, code, upstreamStatus }, freed: true, ...trail });
    }
    throw error;
  }
  const outcome = await ledger.record(ctx.mode, rail, reference, {
    state: "answered",
    transactionId: adapter.transactionId(answer),
    upstreamStatus: null,
    payoutReference: adapter.payoutReference?.(answer) ?? null,
  });
  await hooks.audit({ phase: "outcome", record: outcome, ...trail });
  return answer;
}
