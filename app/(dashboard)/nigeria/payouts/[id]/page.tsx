import Link from "next/link";
import { NigeriaPageScreen } from "@/features/nigeria/components/nigeria-page-screen";
import { PayoutStatusScreen } from "@/features/nigeria/components/payouts/payout-status-screen";
import { nigeriaKeys } from "@/features/nigeria/contracts/keys";
import { RecordNotFound } from "@/components/ui/record-not-found";
import { getNigeriaPayout } from "@/features/nigeria/server/ngn-payout-reads";
import { nigeriaPageReads } from "@/features/nigeria/server/page-reads";
import { prefetchPage } from "@/lib/server/page-prefetch";
import { paymentsFor } from "@/lib/server/payments";
import { requirePageSession } from "@/lib/server/session";
import { pageTransactionIdOf } from "@/lib/server/transaction-id";

export const metadata = { title: "Nigeria payout" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const session = await requirePageSession("nigeria:read", `/nigeria/payouts/${encodeURIComponent(id)}`);
  // The payout as its first poll reads it, or "not found", in the first HTML; the browser polls on
  // from there. A market the merchant does not have is said by the page (NigeriaPageScreen).
  const page = await prefetchPage(
    session,
    nigeriaPageReads(session, [
      {
        permission: "nigeria:read",
        queryKey: nigeriaKeys.payout(session.mode, id),
        load: () => getNigeriaPayout(pageTransactionIdOf(id), paymentsFor(session.mode), session.mode),
        what: "Nigeria payout",
      },
    ]),
  );
  return (
    <div className="space-y-6">
      <div>
        <Link href="/nigeria/payouts" className="text-sm text-indigo-800 underline">
          All Nigeria payouts
        </Link>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">Nigeria payout</h1>
      </div>
      <NigeriaPageScreen page={page} notFound={<RecordNotFound what="Nigeria payout" id={id} mode={session.mode} liveOnly />}>
        <PayoutStatusScreen transactionId={id} />
      </NigeriaPageScreen>
    </div>
  );
}
