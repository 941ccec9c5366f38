import { PoliciesScreen } from "@/features/approvals/components/policies-screen";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Approval policies" };

export default async function Page() {
  await requirePageSession("settings:manage", "/settings/approvals");
  return (
    <div className="space-y-6">
      <PageHeader back={{ href: "/settings", label: "Settings" }} title="Approval policies" />
      <p className="text-sm text-slate-700">
        Which payouts need a second person&apos;s approval, per currency, in the environment you are in (test or live).
      </p>
      <PoliciesScreen />
    </div>
  );
}
