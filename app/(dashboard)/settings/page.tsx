import Link from "next/link";
import { SettingsScreen } from "@/features/settings/components/settings-screen";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Settings" };

export default async function Page() {
  await requirePageSession("settings:manage", "/settings");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
      <p className="text-sm text-slate-700">For the environment you are in (test or live): each has its own key and webhook URL.</p>
      <p className="text-sm">
        <Link href="/settings/approvals" className="font-medium text-indigo-800 underline">
          Approval policies
        </Link>{" "}
        <span className="text-slate-700">: which payouts need a second person&apos;s approval.</span>
      </p>
      <SettingsScreen />
    </div>
  );
}
