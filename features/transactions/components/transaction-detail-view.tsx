"use client";

import { useQuery } from "@tanstack/react-query";
import { AuditTrailLink } from "@/features/audit/audit-trail-link";
import { useSession } from "@/components/session/use-session";
import { RecordNotFound } from "@/components/ui/record-not-found";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiFetchError } from "@/lib/api-fetch";
import { transactionQueryOptions } from "./transactions-queries";
import { TransactionFields } from "../transaction-fields";
import { PaymentStory } from "./payment-story";

/** The deep link `/transactions/[id]`: one `GET /v1/transactions/:transactionId` through the BFF. */
export function TransactionDetailView({ id }: { id: string }) {
  const { mode } = useSession();
  const query = useQuery(transactionQueryOptions(mode, id));
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) {
    if (isApiFetchError(query.error) && query.error.code === "not_found") return <RecordNotFound what="transaction" id={id} mode={mode} />;
    return <ErrorState title="The transaction could not be loaded." error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { transaction } = query.data;
  if (!transaction) return <RecordNotFound what="transaction" id={id} mode={mode} />;
  return (
    <>
      <section aria-label={`Transaction ${transaction.id}`} className="max-w-3xl rounded-lg border border-slate-200 bg-white p-4">
        <TransactionFields row={transaction} />
        <AuditTrailLink transactionId={transaction.id} className="mt-3" />
      </section>
      <PaymentStory transaction={transaction} />
    </>
  );
}
