import { RegionIndex } from "@/components/money-movement/region-index";
import { PAYIN_REGIONS } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Request payment" };

export default async function Page() {
  await requirePageSession("money:write", "/payins");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Request payment</h1>
      <p className="text-sm text-slate-700">
        Choose the customer&apos;s region. A region can take payments once its market is approved and its pocket exists.
      </p>
      <RegionIndex regions={PAYIN_REGIONS} basePath="/payins" testId="payin-regions" />
    </div>
  );
}
