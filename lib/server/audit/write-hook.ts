import "server-only";
import type { AuditEvent } from "../money-writes/hooks";
import { appAudit, recordAudit } from "./app";
import type { AuditInput } from "./entry";

// The money-write pipeline's audit hook: one entry for each write's intent and one for its
// outcome, with who, where from, which reference and key. The intent is appended before
// anything is sent and its failure stops the write (nothing moves unrecorded); the outcome
// happened upstream whatever the trail says, so its failure is logged, not thrown.

function toInput({ phase, record, requestId, clientAddress }: AuditEvent): AuditInput {
  return {
    actor: { kind: "staff", ...record.actor },
    environment: record.environment,
    action: `money_write.${phase}`,
    targetIds: record.transactionId ? [record.transactionId] : [],
    merchantReference: record.reference,
    idempotencyKey: record.idempotencyKey,
    requestId,
    clientAddress,
    result: phase === "intent" ? "reserved" : record.code ? `${record.state}:${record.code}` : record.state,
    details: { rail: record.rail, ...(record.upstreamStatus !== null ? { upstreamStatus: record.upstreamStatus } : {}) },
  };
}

export async function auditMoneyWrite(event: AuditEvent): Promise<void> {
  if (event.phase === "intent") await appAudit().append(toInput(event));
  else await recordAudit(toInput(event));
}
