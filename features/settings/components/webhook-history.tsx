"use client";

import type { WebhookChangeDto } from "@/features/settings/contracts";
import { LocalTime } from "@/components/ui/local-time";

/** Who changed the webhook URL through this console, when, and from what: newest first. */
export function WebhookHistory({ changes }: { changes: WebhookChangeDto[] }) {
  return (
    <section aria-labelledby="webhook-history-heading" className="mt-4" data-testid="webhook-history">
      <h3 id="webhook-history-heading" className="text-sm font-semibold text-slate-900">
        Change history
      </h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No change has been made through this console yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
          {changes.map((change) => (
            <li key={`${change.changedAt}-${change.url}`} className="p-3 text-sm text-slate-800" data-testid="webhook-history-entry">
              <p>
                <time dateTime={change.changedAt}>
                  <LocalTime iso={change.changedAt} />
                </time>{" "}
                by <span className="wrap-anywhere">{change.changedBy}</span> ({change.role})
              </p>
              <p className="mt-1 text-xs text-slate-700">
                From{" "}
                {change.previousUrl === null ? (
                  "no URL (none was registered)"
                ) : (
                  <span className="font-mono wrap-anywhere">{change.previousUrl}</span>
                )}
              </p>
              <p className="text-xs text-slate-700">
                To <span className="font-mono wrap-anywhere">{change.url}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
