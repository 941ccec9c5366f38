import { Suspense } from "react";
import { StaffScreen } from "@/features/staff/components/staff-screen";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Staff" };

export default async function Page() {
  await requirePageSession("staff:manage", "/staff");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Staff</h1>
      <p className="text-sm text-slate-700">
        Invite colleagues, change roles, deactivate accounts, end sessions and reset second factors. Each change asks for your code, is kept
        in the audit trail with your reason, and takes effect at the person&apos;s next request.
      </p>
      <Suspense>
        <StaffScreen />
      </Suspense>
    </div>
  );
}
