"use client";

import Link from "next/link";
import type { AuditEntryDto } from "@/lib/contracts/audit";
import { formatUtc } from "@/components/ui/as-of";
import { Badge } from "@/components/ui/badge";
import { actionLabel, actorLabel, detailLabel, detailValue, resultOf } from "./labels";

/** Transaction ids link to their page; other targets (staff emails) are shown as they are. */
function Target({ id, entry }: { id: string; entry: AuditEntryDto }) {
  if (entry.action.startsWith("money_write.") && entry.environment !== null)
    return (
      <Link href={`/transactions/${encodeURIComponent(id)}`} className="font-mono wrap-anywhere text-indigo-800 underline">
        {id}
      </Link>
    );
  return <span className="font-mono wrap-anywhere">{id}</span>;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-700">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** One card per entry (a table would not fit 360 px), newest first. */
export function AuditEntries({ entries }: { entries: AuditEntryDto[] }) {
  return (
    <ol className="space-y-3" data-testid="audit-entries">
      {entries.map((entry) => {
        const result = resultOf(entry.result);
        const details = Object.entries(entry.details);
        return (
          <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4" data-testid="audit-entry">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-medium text-slate-900">{actionLabel(entry.action)}</p>
              <Badge tone={result.tone}>{result.label}</Badge>
            </div>
            <p className="mt-1 text-sm break-words text-slate-800">
              <span data-testid="audit-actor">{actorLabel(entry)}</span>
              {" · "}
              <time dateTime={entry.at}>{formatUtc(new Date(entry.at))}</time>
              {entry.environment ? ` · ${entry.environment === "live" ? "Live" : "Test"}` : ""}
            </p>
            <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
              {entry.targetIds.length > 0 ? (
                <Field label={entry.targetIds.length === 1 ? "Target" : "Targets"}>
                  {entry.targetIds.map((id, index) => (
                    <span key={id}>
                      {index > 0 ? ", " : ""}
                      <Target id={id} entry={entry} />
                    </span>
                  ))}
                </Field>
              ) : null}
              {entry.merchantReference ? (
                <Field label="Merchant reference">
                  <span className="font-mono wrap-anywhere">{entry.merchantReference}</span>
                </Field>
              ) : null}
              {entry.idempotencyKey ? (
                <Field label="Idempotency key">
                  <span className="font-mono text-xs wrap-anywhere">{entry.idempotencyKey}</span>
                </Field>
              ) : null}
              {entry.clientAddress ? <Field label="Client address">{entry.clientAddress}</Field> : null}
              {entry.requestId ? (
                <Field label="Request id">
                  <span className="font-mono text-xs wrap-anywhere">{entry.requestId}</span>
                </Field>
              ) : null}
              {details.map(([key, value]) => (
                <Field key={key} label={detailLabel(key)}>
                  <span className="wrap-anywhere">{detailValue(value)}</span>
                </Field>
              ))}
              <Field label="Entry">
                <span className="font-mono text-xs wrap-anywhere" title={`SHA-256 ${entry.hash}`}>
                  #{entry.id} · {entry.hash.slice(0, 12)}…
                </span>
              </Field>
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
