"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/components/session/use-session";
import { isApiFetchError } from "@/lib/api-fetch";
import type { NgnPayoutsDto } from "@/lib/contracts/ngn-payouts";
import { NigeriaGate } from "../nigeria-gate";
import { MarketNotEnabledState } from "../nigeria-states";
import { TransactionRowsPanel } from "@/features/transactions/transaction-rows-panel";
import { recentPayoutsQueryOptions } from "../nigeria-queries";

type PayoutRow = NgnPayoutsDto["items"][number];

const statusLink = (row: { id: string }) => `/nigeria/payouts/${encodeURIComponent(row.id)}`;

/**
 * Every Nigeria payout on /transactions (the URL state of features/transactions/url-state.ts; a test parses it back).
 * @internal
 */
export const ALL_NGN_PAYOUTS_HREF = "/transactions?rail=nigeria&type=payout";

/** Who was paid: the name from the name enquiry, then the bank and the masked account. */
function Beneficiary({ row }: { row: PayoutRow }) {
  const beneficiary = row.beneficiary;
  if (!beneficiary) return <span title="The payout's details could not be read just now">—</span>;
  const account = [beneficiary.bankName, beneficiary.accountNumberMasked].filter(Boolean).join(" · ");
  return (
    <span className="block min-w-40" data-testid="ngn-beneficiary">
      <span className="block text-slate-900">{beneficiary.accountName ?? "—"}</span>
      {account ? <span className="block text-xs text-slate-700">{account}</span> : null}
    </span>
  );
}

/** The rail-nigeria payouts among the newest payouts of the transaction list, each linked to its status page. */
export function RecentPayouts() {
  return (
    <NigeriaGate>
      <RecentPayoutsList />
    </NigeriaGate>
  );
}

function RecentPayoutsList() {
  const { mode } = useSession();
  const payouts = useQuery(recentPayoutsQueryOptions(mode));
  if (payouts.isError && isApiFetchError(payouts.error) && payouts.error.code === "market_not_enabled") return <MarketNotEnabledState />;
  return (
    <TransactionRowsPanel
      query={payouts}
      what="recent payouts"
      empty={
        // The BFF reads a few pages of every rail's payouts (features/transactions/server/recent.ts): none among
        // them is not "none yet" when the list goes on.
        payouts.data?.more ? (
          <EmptyState title="No Nigeria payouts among the newest payouts.">
            Any older ones are on{" "}
            <Link href={ALL_NGN_PAYOUTS_HREF} className="text-indigo-800 underline">
              Transactions, filtered to Nigeria payouts
            </Link>
            .
          </EmptyState>
        ) : (
          <EmptyState title="No Nigeria payouts yet." />
        )
      }
      caption="Recent Nigeria payouts, newest first"
      linkOf={statusLink}
      extra={{
        label: "Beneficiary and bank",
        cell: (row) => <Beneficiary row={row} />,
        brief: (row) => row.beneficiary?.accountName ?? null,
      }}
      outro={
        payouts.data?.more ? (
          <p className="mt-2 text-sm text-slate-700">
            Older payouts are on{" "}
            <Link href={ALL_NGN_PAYOUTS_HREF} className="text-indigo-800 underline">
              Transactions, filtered to Nigeria payouts
            </Link>
            .
          </p>
        ) : null
      }
    />
  );
}
