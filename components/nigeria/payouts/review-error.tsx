"use client";

import { useState } from "react";
import type { WriteErrorKind } from "@/components/money-movement/write-error";
import { Button } from "@/components/ui/button";
import { isApiFetchError } from "@/lib/api-fetch";
import type { PayoutLookupDto } from "@/lib/contracts/nigeria/payouts";
import { lookupPayout } from "../nigeria-queries";

type Props = {
  kind: WriteErrorKind;
  message: string;
  error: unknown;
  reference: string;
  onFreshReference: () => void;
  onFound: (transactionId: string) => void;
};

const LOOKUP_TEXT: Record<Exclude<PayoutLookupDto["state"], "created">, string> = {
  in_flight: "It is still being sent. Check again in a moment.",
  failed: "It was refused, so nothing was created.",
  unknown: "No payout with this reference exists, so it was not created. You can send it again.",
};

/** A failure that belongs to the review step, with the one action that helps. */
export function ReviewError({ kind, message, error, reference, onFreshReference, onFound }: Props) {
  const [lookup, setLookup] = useState<string | null>(null);
  const requestId = isApiFetchError(error) ? error.requestId : undefined;

  async function check() {
    setLookup("Checking…");
    try {
      const result = await lookupPayout(reference);
      if (result.state === "created") onFound(result.transactionId);
      else setLookup(LOOKUP_TEXT[result.state]);
    } catch {
      setLookup("The check did not complete. Try again.");
    }
  }

  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="review-error" data-kind={kind}>
      <p>{message}</p>
      {requestId ? <p className="mt-1 font-mono text-xs">Request ID: {requestId}</p> : null}
      {kind === "conflict" ? (
        <Button variant="secondary" className="mt-2" onClick={onFreshReference}>
          Use a fresh reference
        </Button>
      ) : null}
      {kind === "unknown_outcome" ? (
        <>
          <Button variant="secondary" className="mt-2" onClick={() => void check()}>
            Check whether it was created
          </Button>
          {lookup ? <p className="mt-1">{lookup}</p> : null}
        </>
      ) : null}
    </div>
  );
}
