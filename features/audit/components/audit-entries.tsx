"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import type { AuditEntryDto } from "@/features/audit/contracts";
import { LocalTime } from "@/components/ui/local-time";
import { Badge } from "@/components/ui/badge";
import { actionLabel, actorLabel, detailLabel, detailText, resultOf } from "./labels";

// Every value the trail shows came from someone else (a browser's report, the API's ids, typed
// filters) and may hold a right-to-left override: each is set in its own <bdi>, so such a
// character reverses only its own value, never the labels and values after it.

/** An id or a reference whole on one line from md (the table scrolls sideways if it must), wrapped on a phone. */
const ID = "font-mono text-xs max-md:wrap-anywhere md:whitespace-nowrap";

/** Transaction ids link to their page; other targets (staff emails) are shown as they are. */
function Target({ id, entry }: { id: string; entry: AuditEntryDto }) {
  if (entry.action.startsWith("money_write.") && entry.environment !== null)
    return (
      <Link href={`/transactions/${encodeURIComponent(id)}`} className={`${ID} text-indigo-800 underline`}>
        <bdi>{id}</bdi>
      </Link>
    );
  return <bdi className={ID}>{id}</bdi>;
}

/** One "Label value" pair of a cell; the label in lighter type, so a dense row still reads. */
function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="mr-3 inline-block max-w-full">
      <span className="text-slate-600">{label}</span> <span className="wrap-anywhere text-slate-900">{children}</span>
    </span>
  );
}

// Below md a row is a block of its cells, each led by its column's name (data-label): seven
// columns do not fit 360 px, and a sideways swipe hid the result of each entry.
const CELL =
  "block px-3 py-1 align-top md:table-cell md:py-2 max-md:before:mr-2 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-700 max-md:before:content-[attr(data-label)]";

/** The trail, newest first: one dense row per entry, every stored code in words. */
export function AuditEntries({ entries }: { entries: AuditEntryDto[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full border-collapse text-left text-sm" data-testid="audit-entries">
        <caption className="sr-only">Audit entries, newest first</caption>
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs text-slate-700 md:table-header-group">
          <tr>
            {["When", "Who", "What", "Result", "Transaction and reference", "Details"].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => {
            const result = resultOf(entry.result);
            return (
              <tr key={entry.id} className="block py-2 md:table-row md:py-0" data-testid="audit-entry">
                <td className={`${CELL} whitespace-nowrap text-slate-800 md:w-44`} data-label="When">
                  <time dateTime={entry.at}>
                    <LocalTime iso={entry.at} />
                  </time>
                  {entry.environment ? (
                    <span className="block text-xs text-slate-600">{entry.environment === "live" ? "Live" : "Test"}</span>
                  ) : null}
                </td>
                <td className={`${CELL} break-words text-slate-800`} data-label="Who">
                  <bdi data-testid="audit-actor">{actorLabel(entry)}</bdi>
                  {entry.clientAddress ? <span className="block text-xs text-slate-600">from {entry.clientAddress}</span> : null}
                </td>
                <td className={`${CELL} font-medium text-slate-900`} data-label="What">
                  {actionLabel(entry.action)}
                </td>
                <td className={CELL} data-label="Result">
                  <Badge tone={result.tone}>{result.label}</Badge>
                </td>
                <td className={CELL} data-label="Transaction">
                  {entry.targetIds.map((id) => (
                    <span key={id} className="block">
                      <Target id={id} entry={entry} />
                    </span>
                  ))}
                  {entry.merchantReference ? <bdi className={`block ${ID} text-slate-800`}>{entry.merchantReference}</bdi> : null}
                  {entry.targetIds.length === 0 && !entry.merchantReference ? <span className="text-slate-500">—</span> : null}
                </td>
                <td className={`${CELL} text-xs`} data-label="Details">
                  {Object.entries(entry.details).map(([key, value]) => (
                    <Pair key={key} label={detailLabel(key)}>
                      <bdi>{detailText(key, value)}</bdi>
                    </Pair>
                  ))}
                  {entry.idempotencyKey ? (
                    <Pair label="Idempotency key">
                      <bdi className="font-mono">{entry.idempotencyKey}</bdi>
                    </Pair>
                  ) : null}
                  {entry.requestId ? (
                    <Pair label="Request id">
                      <bdi className="font-mono">{entry.requestId}</bdi>
                    </Pair>
                  ) : null}
                  <Pair label="Entry">
                    <span className="font-mono" title={`SHA-256 ${entry.hash}`}>
                      #{entry.id} · {entry.hash.slice(0, 12)}…
                    </span>
                  </Pair>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
