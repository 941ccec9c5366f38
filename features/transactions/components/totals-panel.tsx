"use client";

import { SimpleTableHead } from "@/components/ui/simple-table-head";
import { WIDE_ONLY_CELL } from "@/components/ui/table-classes";
import { memo } from "react";
import { formatAmount } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";
import type { CurrencyTotal } from "@/features/transactions/totals";
import type { TxStatus } from "@/lib/transaction-row";

const count = new Intl.NumberFormat("en-US");
/**
 * Tighter on a phone (with the panel's padding): a 100,000-row live list's NGN sums, two of
 * "6,583,310,365.46" side by side, then fit 360 px (they needed 307 px of a 294 px box).
 */
const CELL = "py-1 pr-2 md:pr-3";
/** A sum's count of transactions: under the sum on a phone, beside it from md. */
const COUNT = "block text-xs text-slate-700 md:inline md:text-sm";
/** What each line's money did: never summed together (features/transactions/totals.ts). */
const STATUS_WORDS: Record<TxStatus, string> = { success: "Succeeded", pending: "Pending", failed: "Failed" };

/** One line per currency and status: totals across currencies would add unlike units (spec §1 rule 3). Memoised: it follows a frame after the table (transactions-screen). */
export const TotalsPanel = memo(function TotalsPanel({
  totals,
  partial,
  leftOut,
}: {
  totals: readonly CurrencyTotal[];
  /** While the tab does not hold every row, what the sums are of ("12,000 of 100,000 transactions loaded"): they say so. A string, so the memo holds. */
  partial: string | null;
  /** Rows upstream listed that could not be read ("2 transactions"): the sums are without them, and say so. */
  leftOut: string | null;
}) {
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="totals-heading" className="rounded-lg border border-slate-200 bg-white p-3 md:p-4">
      <h2 id="totals-heading" className="text-sm font-semibold text-slate-900">
        Totals of the filtered transactions, per currency and status
        {partial ? <span className="font-normal text-slate-800"> (partial: of the {partial})</span> : null}
        {leftOut ? <span className="font-normal text-slate-800"> (without {leftOut} that could not be read)</span> : null}
      </h2>
      <p className="text-xs text-slate-700" data-testid="totals-basis">
        Sums of each transaction&apos;s <code>amount</code>, not its <code>paidAmount</code>.
      </p>
      {/* On a phone the count of each currency's transactions is left out (its pay-ins and payouts each give theirs)
          and each count sits under its sum, so the sums fit 360 px; sums past ten digits may still scroll sideways in
          this box, never the page. */}
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-sm" data-testid="totals">
          <thead>
            <SimpleTableHead
              rowClassName="text-slate-700"
              cell={CELL}
              columns={[
                { label: "Currency and status" },
                { label: "Transactions", align: "right", className: WIDE_ONLY_CELL },
                { label: "Pay-ins", align: "right" },
                { label: "Payouts", align: "right" },
              ]}
            />
          </thead>
          <tbody>
            {totals.map((t) => (
              <tr
                key={`${t.currency} ${t.status}`}
                className="border-t border-slate-100"
                data-currency={t.currency}
                data-status={t.status}
                data-count={t.count}
                data-payins={t.payins}
                data-payouts={t.payouts}
              >
                <th scope="row" className={`${CELL} text-left font-medium text-slate-900`}>
                  {pocketLabel(t.currency)}
                  <span className="block text-xs font-normal text-slate-700">{STATUS_WORDS[t.status]}</span>
                </th>
                <td className={`${CELL} text-right text-slate-800 ${WIDE_ONLY_CELL}`}>{count.format(t.count)}</td>
                <td className={`${CELL} text-right whitespace-nowrap text-slate-900 tabular-nums`}>
                  {formatAmount(t.payins, t.currency)} <span className={COUNT}>({count.format(t.payinCount)})</span>
                </td>
                <td className="py-1 text-right whitespace-nowrap text-slate-900 tabular-nums">
                  {formatAmount(t.payouts, t.currency)} <span className={COUNT}>({count.format(t.payoutCount)})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});
