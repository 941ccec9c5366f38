"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorState } from "@/components/ui/error-state";
import { LocalTime } from "@/components/ui/local-time";
import { Skeleton } from "@/components/ui/skeleton";
import type { PaymentStory as Story } from "@/features/transactions/contracts";
import type { TransactionRow } from "@/lib/transaction-row";
import { formatMoney } from "@/lib/money";
import { useSession } from "@/components/session/use-session";
import { storyQueryOptions } from "./transactions-queries";

const STATUS_WORDS: Record<string, string> = { pending: "Pending", success: "Succeeded", failed: "Failed" };

function Summary({ summary }: { summary: NonNullable<Story["console"]>["summary"] }) {
  if (!summary) return <p data-testid="story-summary">What was sent: not recorded (made before the console kept summaries).</p>;
  const parts = [
    summary.amount && summary.currency ? formatMoney(summary.amount, summary.currency) : null,
    summary.accountLast4 ? `to ${summary.bankName ?? "an account"} ending ${summary.accountLast4}` : null,
  ].filter(Boolean);
  return (
    <p data-testid="story-summary">
      What was sent: {parts.length > 0 ? parts.join(" ") : "not recorded"}
      {summary.payoutReference ? (
        <>
          {" "}
          · payout reference <span className="font-mono">{summary.payoutReference}</span>
        </>
      ) : null}
    </p>
  );
}

type Step = { at: string; what: string; by?: string; testId: string; status?: string };

/** The API's times, the console's first sightings and the trail's steps, oldest first. */
function timelineOf(transaction: TransactionRow, story: Story): Step[] {
  const steps: Step[] = [
    { at: transaction.createdAt, what: "Created (the API's time)", testId: "story-api" },
    ...story.statusesSeen.map((seen) => ({
      at: seen.seenAt,
      what: `${STATUS_WORDS[seen.status] ?? seen.status}, seen by the console at`,
      testId: "story-seen",
      status: seen.status,
    })),
    ...story.events.map((event) => ({ at: event.at, what: event.what, by: event.by, testId: "story-event" })),
  ];
  if (transaction.completedAt) steps.push({ at: transaction.completedAt, what: "Completed (the API's time)", testId: "story-api" });
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * A payment's story (issue 57): who created it from the console and when (or that it came from
 * outside), what was sent (masked), the API's own times, when the console first saw each status,
 * and the trail's steps about it (Europe approvals, "check again"). Readable by anyone who may read
 * transactions: the BFF reads only this payment's entries and sends staff names, never more.
 */
export function PaymentStory({ transaction }: { transaction: TransactionRow }) {
  const { mode } = useSession();
  const query = useQuery(storyQueryOptions(mode, transaction.id));
  return (
    <section
      aria-labelledby="story-heading"
      className="max-w-3xl rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="payment-story"
    >
      <h2 id="story-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Its story
      </h2>
      {query.isPending ? (
        <Skeleton className="h-24" />
      ) : query.isError ? (
        <ErrorState title="Its story could not be loaded." error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="space-y-3">
          {query.data.console ? (
            <div data-testid="story-origin">
              <p>
                Created from this console by <strong>{query.data.console.createdBy}</strong>,{" "}
                <LocalTime iso={query.data.console.createdAt} />, merchant reference{" "}
                <span className="font-mono wrap-anywhere">{query.data.console.merchantReference}</span>.
              </p>
              <Summary summary={query.data.console.summary} />
            </div>
          ) : (
            <p data-testid="story-origin">
              Created outside the console (by the merchant&apos;s own server): the console knows only what the API says.
            </p>
          )}
          <ol className="space-y-1 border-l-2 border-slate-200 pl-3" aria-label="Timeline">
            {timelineOf(transaction, query.data).map((step, index) => (
              <li key={`${step.at}-${index}`} data-testid={step.testId} data-status={step.status}>
                <span className="text-slate-700">{step.what}</span>
                {step.by ? ` — ${step.by}` : ""}: <LocalTime iso={step.at} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
