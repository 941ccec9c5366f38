import Link from "next/link";
import { PayoutStatusScreen } from "@/components/nigeria/payouts/payout-status-screen";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Nigeria payout" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requirePageSession("nigeria:read", `/nigeria/payouts/${encodeURIComponent(id)}`);
  return (
    <div className="space-y-6">
      <div>
        <Link href="/nigeria/payouts" className="text-sm text-indigo-800 underline">
          All Nigeria payouts
        </Link>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">Nigeria payout</h1>
      </div>
      <PayoutStatusScreen transactionId={id} />
    </div>
  );
}
