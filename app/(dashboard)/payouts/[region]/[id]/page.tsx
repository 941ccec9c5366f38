import Link from "next/link";
import { notFound } from "next/navigation";
import { PayoutStatusScreen } from "@/components/payouts/payout-status-screen";
import { MARKET_INFO } from "@/lib/rails";
import { isPayoutRegion } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Payout status" };

export default async function Page({ params }: { params: Promise<{ region: string; id: string }> }) {
  const { region, id } = await params;
  // Viewers may follow a payout; only writers may send or approve one.
  await requirePageSession("balances:read", `/payouts/${encodeURIComponent(region)}/${encodeURIComponent(id)}`);
  if (!isPayoutRegion(region)) notFound();
  return (
    <div className="space-y-6">
      <div>
        <Link href="/payouts" className="text-sm text-indigo-800 underline">
          All payouts
        </Link>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">{MARKET_INFO[region].label} payout</h1>
      </div>
      <PayoutStatusScreen region={region} transactionId={id} />
    </div>
  );
}
