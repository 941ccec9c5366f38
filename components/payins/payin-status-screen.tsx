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
import type { PayinDto } from "@/lib/regions/dto";
import { isFinalPayin } from "@/lib/regions/final-state";
import { PAYIN_CREDIT_POCKET, type PayinRegion } from "@/lib/regions/regions";
import { fetchPayin, payinQueryKey } from "./payin-queries";
import { BangladeshResult } from "./results/bangladesh-result";
import { BrazilResult } from "./results/brazil-result";
import { EuropeResult } from "./results/europe-result";
import { IndiaResult } from "./results/india-result";
import { PyusdResult } from "./results/pyusd-result";

function RegionResult({ payin, canWrite }: { payin: PayinDto; canWrite: boolean }) {
  switch (payin.region) {
    case "bangladesh":
      return <BangladeshResult payin={payin} />;
    case "brazil":
      return <BrazilResult payin={payin} />;
    case "india":
      return <IndiaResult payin={payin} canWrite={canWrite} />;
    case "europe":
      return <EuropeResult payin={payin} />;
    case "pyusd":
      return <PyusdResult payin={payin} />;
  }
}

/** Polls the region's own status endpoint until a final state, then says what it meant for the pocket. */
export function PayinStatusScreen({ region, transactionId }: { region: PayinRegion; transactionId: string }) {
  const { mode } = useSession();
  const canWrite = useCan("money:write");
  const payin = usePollingStatus({
    queryKey: payinQueryKey(mode, region, transactionId),
    queryFn: ({ signal }) => fetchPayin(region, transactionId, signal),
    isFinal: isFinalPayin,
  });

  if (payin.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading the payment</span>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (payin.isError) return <ErrorState title={`Payment ${transactionId} could not be loaded.`} error={payin.error} onRetry={payin.refresh} />;

  const data = payin.data;
  const pocket = pocketLabel(PAYIN_CREDIT_POCKET[region]);
  return (
    <StatusCard
      testId="payin-status"
      status={data.status}
      final={payin.final}
      timedOut={payin.timedOut}
      fetching={payin.isFetching}
      onRefresh={payin.refresh}
      finalText={data.status === "success" ? `Paid: the ${pocket} pocket is credited.` : `The payment did not complete. Nothing was credited.`}
    >
      <DetailList
        rows={[
          { label: "Transaction ID", value: data.transactionId, testId: "payin-id" },
          { label: "Amount", value: data.amount && data.currency ? formatMoney(data.amount, data.currency) : data.amount, testId: "payin-amount" },
          { label: "Platform order ID", value: data.platformOrderId },
          { label: "Created", value: formatLocalTime(data.createdAt) },
          { label: "Completed", value: formatLocalTime(data.completedAt) },
        ]}
      />
      <RegionResult payin={data} canWrite={canWrite} />
    </StatusCard>
  );
}
