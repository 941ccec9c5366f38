import { ApprovalsScreen } from "@/features/approvals/components/approvals-screen";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Approvals" };

export default async function Page() {
  await requirePageSession("payouts:approve", "/approvals");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Approvals</h1>
      <p className="text-sm text-slate-700">
        Payouts a policy holds for a second person. Approving sends the payout exactly as its maker reviewed it; nobody approves their own.
      </p>
      <ApprovalsScreen />
    </div>
  );
}
