// The audit trail's CSV export, built in the browser from the filtered entries. Cells go
// through the transactions export's guard (a cell a spreadsheet would run as a formula gets
// a leading apostrophe) and RFC 4180 quoting.
import type { AuditEntryDto } from "@/features/audit/contracts";
import { csvCell } from "@/features/transactions/csv";

/** @internal */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "at",
  "actor_kind",
  "actor_id",
  "actor_email",
  "actor_role",
  "environment",
  "action",
  "target_ids",
  "merchant_reference",
  "idempotency_key",
  "request_id",
  "client_address",
  "result",
  "details",
  "prev_hash",
  "hash",
] as const;

function cells(entry: AuditEntryDto): (string | null)[] {
  return [
    entry.id,
    entry.at,
    entry.actor.kind,
    entry.actor.id,
    entry.actor.email,
    entry.actor.role,
    entry.environment,
    entry.action,
    entry.targetIds.join(" "),
    entry.merchantReference,
    entry.idempotencyKey,
    entry.requestId,
    entry.clientAddress,
    entry.result,
    JSON.stringify(entry.details),
    entry.prevHash,
    entry.hash,
  ];
}

/** Header plus one line per entry, CRLF line ends, in the order given (newest first). */
export function auditToCsv(entries: Iterable<AuditEntryDto>): string {
  const lines: string[] = [AUDIT_CSV_COLUMNS.join(",")];
  for (const entry of entries) lines.push(cells(entry).map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

export function auditCsvFileName(now: Date): string {
  return `audit-trail-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.csv`;
}
