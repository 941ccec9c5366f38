import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { RecordPageScreen } from "@/components/money-movement/record-page-screen";
import { PayinStatusScreen } from "@/features/payins/components/payin-status-screen";
import { payinKeys } from "@/lib/contracts/region-payins";
import { isPayinRegion, recordNoun } from "@/lib/regions/regions";
import { MARKET_INFO } from "@/lib/rails";
import { prefetchPage } from "@/lib/server/page-prefetch";
import { paymentsFor } from "@/lib/server/payments";
import { PAYIN_READS } from "@/features/payins/server/payin-reads";
import { requirePageSession } from "@/lib/server/session";
import { pageTransactionIdOf } from "@/lib/server/transaction-id";

export const metadata = { title: "Payment status" };

export default async function Page({ params }: { params: Promise<{ region: string; id: string }> }) {
  const { region, id } = await params;
  // Viewers may follow a payment; only writers may request one.
  const session = await requirePageSession("balances:read", `/payins/${encodeURIComponent(region)}/${encodeURIComponent(id)}`);
  if (!isPayinRegion(region)) notFound();
  const what = recordNoun("payment", region);
  // The payment as its first poll reads it, or "not found", in the first HTML; the browser polls on from there.
  const page = await prefetchPage(session, [
    {
      permission: "balances:read",
      queryKey: payinKeys.one(session.mode, region, id),
      load: () => PAYIN_READS[region](pageTransactionIdOf(id), paymentsFor(session.mode)),
      what,
    },
  ]);
  return (
    <div className="space-y-6">
      <PageHeader back={{ href: `/payins/${region}`, label: `New ${MARKET_INFO[region].label} request` }} title={what} />
      <RecordPageScreen page={page} what={what} id={id} mode={session.mode} market={region}>
        <PayinStatusScreen region={region} transactionId={id} />
      </RecordPageScreen>
    </div>
  );
}
