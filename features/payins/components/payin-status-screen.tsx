"use client";

import { IdCopyButtons } from "@/components/money-movement/id-copy-buttons";
import { DetailList } from "@/components/ui/detail-list";
import { PolledRecord } from "@/components/money-movement/polled-record";
import { StatusCard } from "@/components/money-movement/status-card";
import { useCan, useSession } from "@/components/session/use-session";
import { LocalTime } from "@/components/ui/local-time";
import { formatMoney } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";
import { payinKeys, type PayinDto } from "@/lib/contracts/region-payins";
import { isFinalPayin, stillPayable } from "@/lib/regions/final-state";
import { PAYIN_CREDIT_POCKET, type PayinRegion, recordNoun } from "@/lib/regions/regions";
import { fetchPayin } from "./payins-queries";
import { BangladeshResult } from "./results/bangladesh-result";
import { BrazilResult } from "./results/brazil-result";
import { EuropeResult } from "./results/europe-result";
import { IndiaResult } from "./results/india-result";
import { PyusdResult } from "./results/pyusd-result";

function RegionResult({ payin, canWrite, readAt }: { payin: PayinDto; canWrite: boolean; readAt: number }) {
  // As of the last read: the page polls a pending request, so one past its expiry stops offering it.
  const payable = stillPayable(payin, readAt);
  switch (payin.region) {
    case "bangladesh":
      return <BangladeshResult payin={payin} payable={payable} />;
    case "brazil":
      return <BrazilResult payin={payin} payable={payable} />;
    case "india":
      return <IndiaResult payin={payin} canWrite={canWrite} payable={payable} />;
    case "europe":
      return <EuropeResult payin={payin} payable={payable} />;
    case "pyusd":
      return <PyusdResult payin={payin} payable={payable} />;
  }
}

/** Polls the region's own status endpoint until a final state, then says what it meant for the pocket. */
export function PayinStatusScreen({ region, transactionId }: { region: PayinRegion; transactionId: string }) {
  const { mode } = useSession();
  const canWrite = useCan("money:write");
  const pocket = pocketLabel(PAYIN_CREDIT_POCKET[region]);
  return (
    <PolledRecord
      what={recordNoun("payment", region)}
      market={region}
      id={transactionId}
      queryKey={payinKeys.one(mode, region, transactionId)}
      queryFn={({ signal }) => fetchPayin(region, transactionId, signal)}
      isFinal={isFinalPayin}
    >
      {(payin, poll) => (
        <StatusCard
          testId="payin-status"
          status={payin.status}
          poll={poll}
          finalText={
            payin.status === "success" ? `Paid: the ${pocket} pocket is credited.` : "The payment did not complete. Nothing was credited."
          }
        >
          <DetailList
            rows={[
              { label: "Transaction ID", value: payin.transactionId, testId: "payin-id" },
              {
                label: "Amount",
                value: payin.amount && payin.currency ? formatMoney(payin.amount, payin.currency) : payin.amount,
                testId: "payin-amount",
              },
              { label: "Platform order ID", value: payin.platformOrderId },
              { label: "Created", value: <LocalTime iso={payin.createdAt} /> },
              { label: "Completed", value: <LocalTime iso={payin.completedAt} /> },
            ]}
          />
          <IdCopyButtons
            transactionId={payin.transactionId}
            merchantReference={payin.region === "pyusd" ? payin.merchantReference : null}
          />
          <RegionResult payin={payin} canWrite={canWrite} readAt={poll.readAt} />
        </StatusCard>
      )}
    </PolledRecord>
  );
}
