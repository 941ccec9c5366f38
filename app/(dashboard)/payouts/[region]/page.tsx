import Link from "next/link";
import { notFound } from "next/navigation";
import { NewPayoutScreen } from "@/components/payouts/new-payout-screen";
import { MARKET_INFO } from "@/lib/rails";
import { isPayoutRegion } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export async function generateMetadata({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  return { title: isPayoutRegion(region) ? `${MARKET_INFO[region].label} payout` : "Payout" };
}

export default async function Page({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  await requirePageSession("money:write", `/payouts/${encodeURIComponent(region)}`);
  if (!isPayoutRegion(region)) notFound();
  return (
    <div className="space-y-6">
      <div>
        <Link href="/payouts" className="text-sm text-indigo-800 underline">
          All payouts
        </Link>
        <h1 id={`payout-${region}-heading`} className="mt-1 text-2xl font-semibold text-slate-900">
          New {MARKET_INFO[region].label} payout
        </h1>
      </div>
      <NewPayoutScreen region={region} />
    </div>
  );
}
