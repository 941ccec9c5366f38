import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { RecentPayouts } from "@/components/nigeria/payouts/recent-payouts";
import { can } from "@/lib/permissions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Nigeria payouts" };

export default async function Page() {
  const session = await requirePageSession("nigeria:read", "/nigeria/payouts");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Nigeria payouts</h1>
          <p className="text-sm text-slate-700">NGN payouts to Nigerian bank accounts, funded by the NGN pocket only (live only).</p>
        </div>
        {can(session.user.role, "money:write") ? (
          <Link href="/nigeria/payouts/new" className={buttonClasses("primary")}>
            New payout
          </Link>
        ) : null}
      </div>
      <RecentPayouts />
    </div>
  );
}
