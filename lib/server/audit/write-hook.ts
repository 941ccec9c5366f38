import "server-only";
import type { AuditEvent } from "../money-writes/hooks";
import { appAudit, recordAudit } from "./app";
import type { AuditInput } from "./entry";

// The money-write pipeline's audit hook: one entry for each write's intent and one for its
// outcome, with who, where from, which reference and key. The intent is appended before
// anything is sent and its failure stops the write (nothing moves unrecorded); the outcome
// happened upstream whatever the trail says, so its failure is logged, not thrown. A write the
// API refused before keeping it ends with "freed:<code>": its reference may be used again.

/** The entry's result: "reserved", the outcome's state (and code), or "freed:<code>" for a reference freed. */
export function moneyWriteAuditResult({ phase, record, freed }: Pick<AuditEvent, "phase" | "record" | "freed">): string {
  if (phase === "intent") return "reserved";
  if (freed) return `freed:${record.code}`;
  return record.code ? `${record.state}:${record.code}` : record.state;
}

function toInput(event: AuditEvent): AuditInput {
  const { phase, record, requestId, clientAddress } = event;
  return {
    actor: { kind: "staff", ...record.actor },
    environment: record.environment,
    action: `money_write.${phase}`,
    targetIds: record.transactionId ? [record.transactionId] : [],
    merchantReference: record.reference,
    idempotencyKey: record.idempotencyKey,
    requestId,
    clientAddress,
    result: moneyWriteAuditResult(event),
    details: { rail: record.rail, ...(record.upstreamStatus !== null ? { upstreamStatus: record.upstreamStatus } : {}) },
  };
}

export async function auditMoneyWrite(event: AuditEvent): Promise<void> {
  if (event.phase === "intent") await appAudit().append(toInput(event));
  else await recordAudit(toInput(event));
}
