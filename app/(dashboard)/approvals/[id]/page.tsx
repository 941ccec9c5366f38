import { ApprovalRequestScreen } from "@/features/approvals/components/approval-request-screen";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/permissions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Approval request" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const session = await requirePageSession("balances:read", `/approvals/${encodeURIComponent(id)}`);
  // The maker comes from a payout form; an approver from the queue.
  const back = can(session.user.role, "payouts:approve")
    ? { href: "/approvals", label: "Approvals" }
    : { href: "/payouts", label: "Payouts" };
  return (
    <div className="space-y-6">
      <PageHeader back={back} title="Payout approval request" />
      <ApprovalRequestScreen id={id} />
    </div>
  );
}
