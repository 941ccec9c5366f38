"use client";

import { IdCopyButtons } from "@/components/money-movement/id-copy-buttons";
import { AuditTrailLink } from "@/features/audit/audit-trail-link";
import { DetailList, type Detail } from "@/components/ui/detail-list";
import { PolledRecord } from "@/components/money-movement/polled-record";
import { StatusCard } from "@/components/money-movement/status-card";
import { useCan, useSession } from "@/components/session/use-session";
import { LocalTime } from "@/components/ui/local-time";
import { formatMoney } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";
import { payoutKeys, type PayoutDto } from "@/lib/contracts/region-payouts";
import { isFinalPayout } from "@/lib/regions/final-state";
import { PAYOUT_DEBIT_POCKET, type PayoutRegion, recordNoun } from "@/lib/regions/regions";
import { ApproveButton } from "./approve-button";
import { fetchPayout } from "./payouts-queries";

const APPROVAL_TEXT = {
  awaiting_approval: "Awaiting approval: not sent until approved",
  approved: "Approved",
  not_required: "Not required",
} as const;
const money = (amount: string | null, currency: string | null) => (amount && currency ? formatMoney(amount, currency) : amount);

function europeRows(payout: PayoutDto): Detail[] {
  return [
    { label: "Rate", value: payout.rate },
    {
      label: "Approval",
      value: payout.approvalStatus ? APPROVAL_TEXT[payout.approvalStatus] : "Not known to this dashboard",
      testId: "payout-approval",
    },
  ];
}

/** A pending Europe payout not known to be approved (or not to need it) can be approved here, e.g. after a restart emptied the list. */
const mayApprove = (payout: PayoutDto) =>
  payout.region === "europe" &&
  payout.status === "pending" &&
  payout.approvalStatus !== "approved" &&
  payout.approvalStatus !== "not_required";

/** Bangladesh and Brazil poll GET /v1/payouts/:id; Europe polls GET /v1/transactions/:id through the BFF. */
export function PayoutStatusScreen({ region, transactionId }: { region: PayoutRegion; transactionId: string }) {
  const { mode } = useSession();
  const canApprove = useCan("payouts:approve");
  const pocket = pocketLabel(PAYOUT_DEBIT_POCKET[region]);
  return (
    <PolledRecord
      what={recordNoun("payout", region)}
      market={region}
      id={transactionId}
      queryKey={payoutKeys.one(mode, region, transactionId)}
      queryFn={({ signal }) => fetchPayout(region, transactionId, signal)}
      isFinal={isFinalPayout}
    >
      {(payout, poll) => (
        <StatusCard
          testId="payout-status"
          status={payout.status}
          poll={poll}
          finalText={payout.status === "success" ? "The payout is complete." : `The payout failed. Any ${pocket} debited is refunded.`}
        >
          <DetailList
            rows={[
              { label: "Transaction ID", value: payout.transactionId, testId: "payout-id" },
              { label: "Sends", value: money(payout.amount, payout.currency), testId: "payout-amount" },
              { label: `Debits (${pocket} pocket)`, value: money(payout.debitAmount, payout.debitCurrency), testId: "payout-debit" },
              // Where the answer carries one (none is known before sending).
              ...(payout.fee !== null ? [{ label: "Fee", value: money(payout.fee, payout.debitCurrency), testId: "payout-fee" }] : []),
              ...(region === "europe" ? europeRows(payout) : []),
              { label: "Merchant reference", value: payout.merchantReference },
              { label: "Beneficiary", value: payout.beneficiaryName },
              { label: "Created", value: <LocalTime iso={payout.createdAt} /> },
              { label: "Completed", value: <LocalTime iso={payout.completedAt} /> },
            ]}
          />
          <div className="mt-3">
            <IdCopyButtons transactionId={payout.transactionId} merchantReference={payout.merchantReference} />
          </div>
          {canApprove && mayApprove(payout) ? <ApproveButton payout={payout} /> : null}
          <AuditTrailLink transactionId={payout.transactionId} className="mt-3" />
        </StatusCard>
      )}
    </PolledRecord>
  );
}
