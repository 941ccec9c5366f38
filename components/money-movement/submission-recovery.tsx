"use client";

import { useQuery, type QueryKey } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { WriteLookupDto } from "@/lib/contracts/write-lookup";
import { LOOKUP_TEXT } from "./review-error";
import type { RememberedWrite } from "./use-reviewed-submit";

type Props = {
  /** What was sent, in the operator's words ("payout", "payment request"). */
  noun: string;
  sent: RememberedWrite;
  queryKey: QueryKey;
  lookup: () => Promise<WriteLookupDto>;
  statusHref: (transactionId: string) => string;
  onFound: (transactionId: string) => void;
  onDismiss: () => void;
  testId: string;
};

/**
 * A write this tab sent before a refresh, or one whose answer never came: ask
 * the BFF whether it exists (by its reference) and link it once found.
 */
export function SubmissionRecovery({ noun, sent, queryKey, lookup, statusHref, onFound, onDismiss, testId }: Props) {
  const answer = useQuery({
    queryKey,
    queryFn: lookup,
    enabled: sent.resultId === undefined,
    // While this server is still sending it, ask again shortly.
    refetchInterval: (query) => (query.state.data?.state === "in_flight" ? 2_000 : false),
  });
  const found = sent.resultId ?? (answer.data?.state === "created" ? answer.data.transactionId : undefined);
  // Dismissing frees the form for another write: while this one may exist, that could pay twice,
  // so it is asked once more, with why. Known outcomes (found, refused, not there) go at once.
  const settled = found !== undefined || answer.data?.state === "failed" || answer.data?.state === "not_found";
  const [confirmingDismiss, setConfirmingDismiss] = useState(false);
  useEffect(() => {
    if (found && sent.resultId === undefined) onFound(found);
  }, [found, onFound, sent.resultId]);

  return (
    <div role="status" className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950" data-testid={testId}>
      <p className="font-medium">
        Earlier {noun} from this tab, reference <span className="font-mono">{sent.reference}</span>
      </p>
      <p className="mt-1">
        {found ? (
          <>
            It was created as transaction <span className="font-mono">{found}</span>.{" "}
            <Link href={statusHref(found)} className="text-indigo-800 underline">
              View its status
            </Link>
          </>
        ) : (
          describe(answer.data, answer.isError)
        )}
      </p>
      {confirmingDismiss && !settled ? (
        <p className="mt-2 font-medium" data-testid={`${testId}-dismiss-warning`}>
          It may have been created. Once dismissed, this page lets you send another {noun}, which could pay twice: check it first if you
          can.
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {!found && !answer.isFetching ? (
          <Button variant="secondary" onClick={() => void answer.refetch()}>
            Ask again
          </Button>
        ) : null}
        <Button variant="ghost" onClick={settled || confirmingDismiss ? onDismiss : () => setConfirmingDismiss(true)}>
          {confirmingDismiss && !settled ? "Dismiss anyway" : "Dismiss"}
        </Button>
      </div>
    </div>
  );
}

function describe(data: WriteLookupDto | undefined, failed: boolean): string {
  if (failed) return "Could not check whether it was created. Try again.";
  if (data === undefined) return "Checking whether it was created…";
  return data.state === "created" ? "" : LOOKUP_TEXT[data.state];
}
