import Link from "next/link";
import { shownId } from "@/components/ui/record-not-found";
import { RecordPageScreen } from "@/components/money-movement/record-page-screen";
import { OtherModeNotice } from "@/features/transactions/components/other-mode-notice";
import { TransactionDetailView } from "@/features/transactions/components/transaction-detail-view";
import { transactionKeys } from "@/features/transactions/contracts";
import { prefetchPage } from "@/lib/server/page-prefetch";
import { paymentsFor } from "@/lib/server/payments";
import { requirePageSession } from "@/lib/server/session";
import { pageTransactionIdOf } from "@/lib/server/transaction-id";
import { readTransactionDetail } from "@/features/transactions/server/detail";

export const metadata = { title: "Transaction" };

export default async function TransactionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ mode?: string | string[] }>;
}) {
  // Next.js hands dynamic params over already decoded.
  const { id: decoded } = await params;
  const { mode: asked } = await searchParams;
  const session = await requirePageSession("transactions:read", `/transactions/${encodeURIComponent(decoded)}`);
  // Opened from a search result in the other mode: the page asks to switch first (never silently),
  // then shows the transaction at this same address.
  const needed = session.modes.find((mode) => mode === asked && mode !== session.mode);
  if (needed) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">
          Transaction <span className="block font-mono text-base wrap-anywhere sm:text-xl">{shownId(decoded)}</span>
        </h1>
        <OtherModeNotice id={shownId(decoded)} needed={needed} current={session.mode} />
      </div>
    );
  }
  // Support opens this from a ticket: the transaction, or "not found", is in the first HTML.
  const page = await prefetchPage(session, [
    {
      permission: "transactions:read",
      queryKey: transactionKeys.one(session.mode, decoded),
      load: () => readTransactionDetail(pageTransactionIdOf(decoded), paymentsFor(session.mode), session.mode),
      what: "transaction",
    },
  ]);
  return (
    <div className="space-y-4">
      <p>
        <Link href="/transactions" className="text-sm text-indigo-800 underline">
          ← All transactions
        </Link>
      </p>
      {/* The id on its own line, in a size that holds a whole §2.3 id on a phone; only a longer one wraps. */}
      <h1 className="text-2xl font-semibold text-slate-900">
        Transaction <span className="block font-mono text-base wrap-anywhere sm:text-xl">{shownId(decoded)}</span>
      </h1>
      <RecordPageScreen page={page} what="transaction" id={decoded} mode={session.mode}>
        <TransactionDetailView id={decoded} />
      </RecordPageScreen>
    </div>
  );
}
