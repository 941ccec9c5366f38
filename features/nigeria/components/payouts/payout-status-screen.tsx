"use client";

import { AuditTrailLink } from "@/features/audit/audit-trail-link";
import { IdCopyButtons } from "@/components/money-movement/id-copy-buttons";
import { RecordNotFound } from "@/components/ui/record-not-found";
import { DetailList } from "@/components/ui/detail-list";
import { formatLocalTimeOnceHydrated } from "@/components/ui/time-format";
import { PayoutSteps } from "./payout-steps";
import { usePollingStatus } from "@/components/money-movement/use-polling-status";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useSession } from "@/components/session/use-session";
import { formatMoney } from "@/lib/money";
import { nigeriaKeys } from "@/features/nigeria/contracts/keys";
import type { NigeriaPayoutDto } from "@/lib/contracts/ngn-payouts";
import { isFinalPayout } from "@/features/nigeria/payout-status";
import { isApiFetchError } from "@/lib/api-fetch";
import { LiveOnlyState, MarketNotEnabledState } from "../nigeria-states";
import { fetchPayout } from "../nigeria-queries";

const TONE: Record<NigeriaPayoutDto["status"], BadgeTone> = { pending: "amber", success: "green", failed: "red" };

export function PayoutStatusScreen({ transactionId }: { transactionId: string }) {
  const { mode } = useSession();
  const payout = usePollingStatus({
    queryKey: nigeriaKeys.payout(mode, transactionId),
    queryFn: ({ signal }) => fetchPayout(transactionId, signal),
    isFinal: isFinalPayout,
    enabled: mode === "live",
  });
  // The payout may be in the server's HTML, which cannot know the reader's zone: UTC until hydrated.
  const hydrated = useHydrated();

  if (mode === "test") return <LiveOnlyState />;
  if (payout.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading the payout</span>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (payout.isError && isApiFetchError(payout.error) && payout.error.code === "market_not_enabled") return <MarketNotEnabledState />;
  if (payout.isError && isApiFetchError(payout.error) && payout.error.code === "not_found")
    return <RecordNotFound what="Nigeria payout" id={transactionId} mode={mode} liveOnly />;
  if (payout.isError)
    return <ErrorState title={`Payout ${transactionId} could not be loaded.`} error={payout.error} onRetry={payout.refresh} />;

  const data = payout.data;
  const rows: [string, string][] = [
    ["Transaction ID", data.transactionId],
    ["Reference", data.reference ?? "—"],
    ["Merchant reference", data.merchantReference ?? "—"],
    ["Amount", data.amount ? formatMoney(data.amount, data.currency) : "—"],
    // Not in §2.4: shown where the answer carries them.
    ...(data.fee !== null ? [["Fee", formatMoney(data.fee, data.currency)] as [string, string]] : []),
    ...(data.totalDebit !== null ? [["Total NGN debit", formatMoney(data.totalDebit, data.currency)] as [string, string]] : []),
    ["Created", formatLocalTimeOnceHydrated(data.createdAt, hydrated)],
    // A final payout whose time no answer gave shows no time rather than "Not yet" beside "complete".
    ...(data.completedAt
      ? [["Completed", formatLocalTimeOnceHydrated(data.completedAt, hydrated)] as [string, string]]
      : isFinalPayout(data)
        ? []
        : [["Completed", "Not yet"] as [string, string]]),
    ["Description", data.description ?? "—"],
    ["Withdrawal status", data.withdrawalStatus ?? "—"],
    ["Settled", data.settled === null ? "—" : data.settled ? "Yes: the NGN debit and the bank send are final" : "No"],
    ["Bank", data.beneficiary.bankName ?? "—"],
    ["Account number", data.beneficiary.accountNumberMasked ?? "—"],
    ["Account name", data.beneficiary.accountName ?? "—"],
  ];
  return (
    <Card aria-labelledby="payout-status-heading" data-testid="payout-status" data-status={data.status} data-settled={String(data.settled)}>
      <div className="flex items-center justify-between gap-2">
        <CardTitle id="payout-status-heading">Status</CardTitle>
        <Badge tone={TONE[data.status]}>{data.status}</Badge>
      </div>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {payout.final
          ? data.status === "failed"
            ? "The payout failed. If the NGN pocket was debited, the amount is refunded."
            : "The payout is complete."
          : payout.timedOut
            ? "Still in progress. Automatic checks have stopped."
            : "In progress: checking for updates automatically."}
      </p>
      <div className="mt-3">
        <PayoutSteps withdrawalStatus={data.withdrawalStatus} />
      </div>
      <div className="mt-3">
        <IdCopyButtons transactionId={data.transactionId} merchantReference={data.merchantReference} />
      </div>
      <div className="mt-3">
        <DetailList rows={rows.map(([label, value]) => ({ label, value, testId: `payout-${label.toLowerCase().replace(/\s+/g, "-")}` }))} />
      </div>
      {!payout.final ? (
        <Button variant="secondary" className="mt-3" onClick={payout.refresh} disabled={payout.isFetching}>
          {payout.isFetching ? "Checking…" : "Refresh now"}
        </Button>
      ) : null}
      <AuditTrailLink transactionId={data.transactionId} className="mt-3" />
    </Card>
  );
}
