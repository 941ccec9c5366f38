import { Suspense } from "react";
import { LookupView } from "@/features/lookup/components/lookup-view";
import { UrlStateProvider } from "@/features/transactions/components/nuqs-provider";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Lookup" };

export default async function LookupPage() {
  await requirePageSession("lookup:read", "/lookup");
  return (
    <div className="max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Lookup</h1>
      <Suspense>
        <UrlStateProvider>
          <LookupView />
        </UrlStateProvider>
      </Suspense>
    </div>
  );
}
