import { NewPayoutScreen } from "@/components/nigeria/payouts/new-payout-screen";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "New Nigeria payout" };

/** Admin and finance only: viewers and support get the 404 page, and the BFF answers them 403. */
export default async function Page() {
  await requirePageSession("money:write", "/nigeria/payouts/new");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">New Nigeria payout</h1>
      <NewPayoutScreen />
    </div>
  );
}
