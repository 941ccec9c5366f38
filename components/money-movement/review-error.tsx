"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { isApiFetchError } from "@/lib/api-fetch";
import type { WriteLookupDto } from "@/lib/contracts/write-lookup";
import { formFieldErrors, isFinalRefusal, SPENT_REFERENCE, type WriteErrorKind } from "./write-error";

type Props = {
  kind: WriteErrorKind;
  message: string;
  error: unknown;
  /** "Was it created?" for this write's reference (its rail's lookup route). */
  lookup: () => Promise<WriteLookupDto>;
  onFound: (transactionId: string) => void;
  onStartAgain: () => void;
};

/** "Was it created?" answers in words, at the review step and after a refresh. */
export const LOOKUP_TEXT: Record<Exclude<WriteLookupDto["state"], "created">, string> = {
  in_flight: "It is still being sent. Check again in a moment.",
  failed: "It was refused, so nothing was created.",
  not_found: "Nothing with this reference exists, so it was not created. Sending it again cannot create two: the reference is kept.",
  unknown: "Nothing says yet. Sending the same request again is safe: the service replays the first answer or creates it once.",
};

/**
 * A failure that belongs to the review step, with what helps: after a final
 * refusal, "Start again" (a new reference); after an unknown outcome, the
 * lookup (the dialog's own button, "Check again", re-sends the same request).
 */
export function ReviewError({ kind, message, error, lookup, onFound, onStartAgain }: Props) {
  const [answer, setAnswer] = useState<string | null>(null);
  const requestId = isApiFetchError(error) ? error.requestId : undefined;
  const refused = isApiFetchError(error) && error.code === "upstream_refused" ? error : null;

  async function check() {
    setAnswer("Checking…");
    try {
      const result = await lookup();
      if (result.state === "created") onFound(result.transactionId);
      else setAnswer(LOOKUP_TEXT[result.state]);
    } catch {
      setAnswer("The check did not complete. Try again.");
    }
  }

  if (kind === "held") {
    const approvalId = isApiFetchError(error) ? error.approvalId : undefined;
    return (
      <div
        role="status"
        className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        data-testid="review-error"
        data-kind={kind}
      >
        <p className="font-semibold">Waiting for approval</p>
        <p className="mt-1">
          This payout needs a second person&apos;s approval. Nothing was sent yet; it is sent once approved, exactly as you reviewed it.
        </p>
        {approvalId ? (
          <Link href={`/approvals/${approvalId}`} className="mt-2 inline-block font-medium underline" data-testid="approval-link">
            Follow the request
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    <div
      role="alert"
      className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="review-error"
      data-kind={kind}
    >
      {/* A refusal the API keeps for this reference says its own words and the fields it named, for the next attempt. */}
      <p>{refused ? refused.message : message}</p>
      {refused?.fields ? (
        <ul className="mt-1 list-disc pl-5">
          {Object.entries(formFieldErrors(refused.fields)).map(([name, messages]) => (
            <li key={name} className="break-words">
              <bdi>{name}</bdi>: {messages.join(" ")}
            </li>
          ))}
        </ul>
      ) : null}
      {requestId ? <p className="mt-1 font-mono text-xs">Request ID: {requestId}</p> : null}
      {isFinalRefusal(kind) ? (
        <>
          <p className="mt-1">{SPENT_REFERENCE}</p>
          <Button variant="secondary" className="mt-2" onClick={onStartAgain}>
            Start again
          </Button>
        </>
      ) : null}
      {kind === "unknown_outcome" ? (
        <>
          <Button variant="secondary" className="mt-2" onClick={() => void check()}>
            Check whether it was created
          </Button>
          {answer ? <p className="mt-1">{answer}</p> : null}
        </>
      ) : null}
    </div>
  );
}
