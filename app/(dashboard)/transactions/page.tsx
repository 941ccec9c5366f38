import { Suspense } from "react";
import { TransactionsScreen } from "@/components/transactions/transactions-screen";
import { UrlStateProvider } from "@/components/transactions/nuqs-provider";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Transactions" };

export default async function TransactionsPage() {
  await requirePageSession("transactions:read", "/transactions");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Transactions</h1>
      {/* The URL-state hooks read search params, which need a Suspense boundary. */}
      <Suspense>
        <UrlStateProvider>
          <TransactionsScreen />
        </UrlStateProvider>
      </Suspense>
    </div>
  );
}
