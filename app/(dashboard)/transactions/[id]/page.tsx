import Link from "next/link";
import { TransactionDetailView } from "@/components/transactions/transaction-detail-view";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Transaction" };

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  // Next.js hands dynamic params over already decoded.
  const { id: decoded } = await params;
  await requirePageSession("transactions:read", `/transactions/${encodeURIComponent(decoded)}`);
  return (
    <div className="space-y-4">
      <p>
        <Link href="/transactions" className="text-sm text-indigo-800 underline">
          ← All transactions
        </Link>
      </p>
      {/* The id on its own line, in a size that holds a whole §2.3 id on a phone; only a longer one wraps. */}
      <h1 className="text-2xl font-semibold text-slate-900">
        Transaction <span className="block font-mono text-base wrap-anywhere sm:text-xl">{decoded}</span>
      </h1>
      <TransactionDetailView id={decoded} />
    </div>
  );
}
