"use client";

import { DetailList } from "@/components/money-movement/detail-list";
import { StatusCard } from "@/components/money-movement/status-card";
import { usePollingStatus } from "@/components/money-movement/use-polling-status";
import { useCan, useSession } from "@/components/session/use-session";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatLocalTime } from "@/components/transactions/format";
import { formatMoney } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";
import { isFinalPayout } from "@/lib/regions/final-state";
import { PAYOUT_DEBIT_POCKET, type PayoutRegion } from "@/lib/regions/regions";
import { ApproveButton } from "./approve-button";
import { fetchPayout, payoutQueryKey } from "./payout-queries";

const APPROVAL_TEXT = { awaiting_approval: "Awaiting approval: nothing is debited or sent until approved", approved: "Approved", not_required: "Not required" } as const;
const money = (amount: string | null, currency: string | null) => (amount && currency ? formatMoney(amount, currency) : amount);

/** Bangladesh and Brazil poll GET /v1/payouts/:id; Europe polls GET /v1/transactions/:id through the BFF. */
export function PayoutStatusScreen({ region, transactionId }: { region: PayoutRegion; transactionId: string }) {
  const { mode } = useSession();
  const canWrite = useCan("money:write");
  const payout = usePollingStatus({
    queryKey: payoutQueryKey(mode, region, transactionId),
    queryFn: ({ signal }) => fetchPayout(region, transactionId, signal),
    isFinal: isFinalPayout,
  });

  if (payout.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading the payout</span>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (payout.isError) return <ErrorState title={`Payout ${transactionId} could not be loaded.`} error={payout.error} onRetry={payout.refresh} />;

  const data = payout.data;
  const pocket = pocketLabel(PAYOUT_DEBIT_POCKET[region]);
  return (
    <StatusCard
      testId="payout-status"
      status={data.status}
      final={payout.final}
      timedOut={payout.timedOut}
      fetching={payout.isFetching}
      onRefresh={payout.refresh}
      finalText={data.status === "success" ? "The payout is complete." : `The payout failed. Any ${pocket} debited is refunded.`}
    >
      <DetailList
        rows={[
          { label: "Transaction ID", value: data.transactionId, testId: "payout-id" },
          { label: "Sends", value: money(data.amount, data.currency), testId: "payout-amount" },
          { label: `Debits (${pocket} pocket)`, value: money(data.debitAmount, data.debitCurrency), testId: "payout-debit" },
          ...(region === "europe"
            ? [
                { label: "Rate", value: data.rate },
                { label: "Approval", value: data.approvalStatus ? APPROVAL_TEXT[data.approvalStatus] : "Not known to this dashboard", testId: "payout-approval" },
              ]
            : []),
          { label: "Merchant reference", value: data.merchantReference },
          { label: "Beneficiary", value: data.beneficiaryName },
          { label: "Created", value: formatLocalTime(data.createdAt) },
          { label: "Completed", value: formatLocalTime(data.completedAt) },
        ]}
      />
      {region === "europe" && data.status === "pending" && data.approvalStatus !== "approved" && data.approvalStatus !== "not_required" && canWrite ? (
        <ApproveButton payout={data} />
      ) : null}
    </StatusCard>
  );
}
