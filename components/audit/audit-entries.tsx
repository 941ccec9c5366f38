"use client";

import Link from "next/link";
import type { AuditEntryDto } from "@/lib/contracts/audit";
import { formatUtc } from "@/components/ui/as-of";
import { Badge } from "@/components/ui/badge";
import { actionLabel, actorLabel, detailLabel, detailValue, resultOf } from "./labels";

/** Transaction ids link to their page; other targets (staff emails) are shown as they are. */
// Every value the trail shows came from someone else (a browser's report, the API's ids, typed
// filters) and may hold a right-to-left override: each is set in its own <bdi>, so such a
// character reverses only its own value, never the labels and values after it.

function Target({ id, entry }: { id: string; entry: AuditEntryDto }) {
  if (entry.action.startsWith("money_write.") && entry.environment !== null)
    return (
      <Link href={`/transactions/${encodeURIComponent(id)}`} className="font-mono wrap-anywhere text-indigo-800 underline">
        <bdi>{id}</bdi>
      </Link>
    );
  return <bdi className="font-mono wrap-anywhere">{id}</bdi>;
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
              <bdi data-testid="audit-actor">{actorLabel(entry)}</bdi>
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
                  <bdi className="font-mono wrap-anywhere">{entry.merchantReference}</bdi>
                </Field>
              ) : null}
              {entry.idempotencyKey ? (
                <Field label="Idempotency key">
                  <bdi className="font-mono text-xs wrap-anywhere">{entry.idempotencyKey}</bdi>
                </Field>
              ) : null}
              {entry.clientAddress ? <Field label="Client address">{entry.clientAddress}</Field> : null}
              {entry.requestId ? (
                <Field label="Request id">
                  <bdi className="font-mono text-xs wrap-anywhere">{entry.requestId}</bdi>
                </Field>
              ) : null}
              {details.map(([key, value]) => (
                <Field key={key} label={detailLabel(key)}>
                  <bdi className="wrap-anywhere">{detailValue(value)}</bdi>
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
