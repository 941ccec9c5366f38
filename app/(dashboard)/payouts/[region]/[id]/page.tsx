import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { RecordPageScreen } from "@/components/money-movement/record-page-screen";
import { PayoutStatusScreen } from "@/features/payouts/components/payout-status-screen";
import { payoutKeys } from "@/lib/contracts/region-payouts";
import { isPayoutRegion, recordNoun } from "@/lib/regions/regions";
import { prefetchPage } from "@/lib/server/page-prefetch";
import { paymentsFor } from "@/lib/server/payments";
import { PAYOUT_READS } from "@/features/payouts/server/payout-reads";
import { requirePageSession } from "@/lib/server/session";
import { pageTransactionIdOf } from "@/lib/server/transaction-id";

export const metadata = { title: "Payout status" };

export default async function Page({ params }: { params: Promise<{ region: string; id: string }> }) {
  const { region, id } = await params;
  // Viewers may follow a payout; only writers may send or approve one.
  const session = await requirePageSession("balances:read", `/payouts/${encodeURIComponent(region)}/${encodeURIComponent(id)}`);
  if (!isPayoutRegion(region)) notFound();
  const what = recordNoun("payout", region);
  // The payout as its first poll reads it, or "not found", in the first HTML; the browser polls on from there.
  const page = await prefetchPage(session, [
    {
      permission: "balances:read",
      queryKey: payoutKeys.one(session.mode, region, id),
      load: () => PAYOUT_READS[region](pageTransactionIdOf(id), { client: paymentsFor(session.mode), mode: session.mode }),
      what,
    },
  ]);
  return (
    <div className="space-y-6">
      <PageHeader back={{ href: "/payouts", label: "All payouts" }} title={what} />
      <RecordPageScreen page={page} what={what} id={id} mode={session.mode} market={region}>
        <PayoutStatusScreen region={region} transactionId={id} />
      </RecordPageScreen>
    </div>
  );
}
