"use client";

import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { PollState } from "./polled-record";

const TONE: Record<string, BadgeTone> = { pending: "amber", success: "green", failed: "red" };

type Props = {
  status: string;
  poll: PollState;
  /** What the final state means for the merchant (credited, refunded …). */
  finalText: string;
  children: ReactNode;
  testId: string;
};

/** A polled record's status: what is happening now, and a manual refresh once automatic checks stop. */
export function StatusCard({ status, poll: { final, timedOut, fetching, refresh }, finalText, children, testId }: Props) {
  return (
    <Card aria-labelledby={`${testId}-heading`} data-testid={testId} data-status={status} data-final={String(final)}>
      <div className="flex items-center justify-between gap-2">
        <CardTitle id={`${testId}-heading`}>Status</CardTitle>
        <Badge tone={TONE[status] ?? "slate"}>{status}</Badge>
      </div>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {final
          ? finalText
          : timedOut
            ? "Still in progress. Automatic checks have stopped: refresh to check again."
            : "In progress: checking for updates automatically."}
      </p>
      <div className="mt-3 space-y-4">{children}</div>
      {!final ? (
        <Button variant="secondary" className="mt-3" onClick={refresh} disabled={fetching}>
          {fetching ? "Checking…" : "Refresh now"}
        </Button>
      ) : null}
    </Card>
  );
}
