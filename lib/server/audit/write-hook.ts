import "server-only";
import type { AuditBy, AuditEvent } from "../money-writes/hooks";
import { appAudit, recordAudit } from "./app";
import type { AuditActor, AuditDetails, AuditInput } from "./entry";

// The money-write pipeline's audit hook: one entry for each write's intent and one for its
// outcome, with who, where from, which reference and key. The intent is appended before
// anything is sent and its failure stops the write (nothing moves unrecorded); the outcome
// happened upstream whatever the trail says, so its failure is logged, not thrown. A write the
// API refused before keeping it ends with "freed:<code>": its reference may be used again.
// Every send has its intent, a re-send too ("resending"), and every outcome the ledger learns
// later ("check again", the reconciler) has its entry, under whoever or whatever learnt it.

/**
 * The entry's result: "reserved" or "resending", the outcome's state (and code), "freed:<code>" or "kept:<code>".
 * @internal
 */
export function moneyWriteAuditResult({
  phase,
  record,
  freed,
  kept,
  resend,
}: Pick<AuditEvent, "phase" | "record" | "freed" | "kept" | "resend">): string {
  if (phase === "intent") return resend ? "resending" : "reserved";
  if (freed) return `freed:${record.code}`;
  if (kept) return `kept:${record.code}`;
  return record.code ? `${record.state}:${record.code}` : record.state;
}

const actorOf = (by: AuditBy): AuditActor => ("job" in by ? { kind: "job", id: by.job } : { kind: "staff", ...by });

function toInput(event: AuditEvent): AuditInput {
  const { phase, record, requestId, clientAddress, by, via } = event;
  const details: AuditDetails = { rail: record.rail };
  if (record.upstreamStatus !== null) details.upstreamStatus = record.upstreamStatus;
  if (via) details.via = via;
  if ("job" in by || by.id !== record.actor.id) details.reservedBy = record.actor.email;
  return {
    actor: actorOf(by),
    environment: record.environment,
    action: `money_write.${phase}`,
    targetIds: record.transactionId ? [record.transactionId] : [],
    merchantReference: record.reference,
    idempotencyKey: record.idempotencyKey,
    requestId,
    clientAddress,
    result: moneyWriteAuditResult(event),
    details,
  };
}

export async function auditMoneyWrite(event: AuditEvent): Promise<void> {
  if (event.phase === "intent") await appAudit().append(toInput(event));
  else await recordAudit(toInput(event));
}
