"use client";

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
