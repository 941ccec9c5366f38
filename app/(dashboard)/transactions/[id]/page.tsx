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
      <h1 className="text-2xl font-semibold break-all text-slate-900">Transaction {decoded}</h1>
      <TransactionDetailView id={decoded} />
    </div>
  );
}
