"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect } from "react";
import type { RememberedWrite } from "@/components/money-movement/use-idempotent-submit";
import { Button } from "@/components/ui/button";
import { useSession } from "@/components/session/use-session";
import { nigeriaKeys } from "@/lib/contracts/nigeria/keys";
import type { PayoutLookupDto } from "@/lib/contracts/nigeria/payouts";
import { lookupPayout } from "../nigeria-queries";

type Props = { remembered: RememberedWrite; onFound: (transactionId: string) => void; onDismiss: () => void };

/**
 * A payout this tab sent before a refresh, or one whose answer never came:
 * ask the BFF whether it exists (by merchantReference) and show its id.
 */
export function SubmissionRecovery({ remembered, onFound, onDismiss }: Props) {
  const { mode } = useSession();
  const lookup = useQuery({
    queryKey: nigeriaKeys.lookup(mode, remembered.id),
    queryFn: () => lookupPayout(remembered.id),
    enabled: remembered.resultId === undefined,
    // While this server is still sending it, ask again shortly.
    refetchInterval: (query) => (query.state.data?.state === "in_flight" ? 2_000 : false),
  });
  const found = remembered.resultId ?? (lookup.data?.state === "created" ? lookup.data.transactionId : undefined);
  useEffect(() => {
    if (found && remembered.resultId === undefined) onFound(found);
  }, [found, onFound, remembered.resultId]);

  return (
    <div role="status" className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950" data-testid="payout-recovery">
      <p className="font-medium">
        Earlier payout from this tab, reference <span className="font-mono">{remembered.id}</span>
      </p>
      <p className="mt-1">{found ? <FoundLine transactionId={found} /> : describe(lookup.data, lookup.isError)}</p>
      <div className="mt-2 flex gap-2">
        {!found && !lookup.isFetching ? (
          <Button variant="secondary" onClick={() => void lookup.refetch()}>
            Check again
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

function FoundLine({ transactionId }: { transactionId: string }) {
  return (
    <>
      It was created as transaction <span className="font-mono">{transactionId}</span>.{" "}
      <Link href={`/nigeria/payouts/${encodeURIComponent(transactionId)}`} className="text-indigo-800 underline">
        View its status
      </Link>
    </>
  );
}

function describe(data: PayoutLookupDto | undefined, failed: boolean): string {
  if (failed) return "Could not check whether it was created. Try again.";
  switch (data?.state) {
    case undefined:
      return "Checking whether it was created…";
    case "in_flight":
      return "It is still being sent. Checking again shortly…";
    case "failed":
      return `It was refused (${data.code}), so nothing was created.`;
    case "unknown":
      return "No payout with this reference was found among the recent Nigeria payouts, so it was not created.";
    case "created":
      return "";
  }
}
