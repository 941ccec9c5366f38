import { HydrationBoundary } from "@tanstack/react-query";
import { RegionIndex } from "@/components/money-movement/region-index";
import { PAYIN_REGIONS } from "@/lib/regions/regions";
import { balancesRead, prefetchedState } from "@/lib/server/page-prefetch";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Request payment" };

export default async function Page() {
  const session = await requirePageSession("money:write", "/payins");
  // The markets are in the first HTML: rendered after a round trip, they replaced a shorter placeholder.
  const state = await prefetchedState(session, [balancesRead(session.mode)]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Request payment</h1>
      <p className="text-sm text-slate-700">
        Choose the customer&apos;s region. A region can take payments once its market is approved and its pocket exists.
      </p>
      <HydrationBoundary state={state}>
        <RegionIndex regions={PAYIN_REGIONS} basePath="/payins" testId="payin-regions" />
      </HydrationBoundary>
    </div>
  );
}
