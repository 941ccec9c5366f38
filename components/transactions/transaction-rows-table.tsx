import { SimpleTableHead } from "@/components/ui/simple-table-head";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatMoney } from "@/lib/money";
import type { TransactionRow } from "@/lib/transactions/types";

const STATUS_TONE: Record<TransactionRow["status"], BadgeTone> = { pending: "amber", success: "green", failed: "red" };

function when(iso: string | null): string {
  return iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "—";
}

/** A column a list adds after the id, for what its rows carry beyond §2.3 (an NGN payout's beneficiary). */
export type ExtraColumn<R> = { label: string; cell: (row: R) => ReactNode };

/** Rows of the transaction list (recent payouts, inbound credits); `linkOf` turns the id into a link where a detail page exists. */
export function TransactionRowsTable<R extends TransactionRow>({
  rows,
  caption,
  linkOf,
  extra,
}: {
  rows: readonly R[];
  caption: ReactNode;
  linkOf?: (row: R) => string;
  extra?: ExtraColumn<R>;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <SimpleTableHead
            cell="py-2 pr-4"
            columns={[
              { label: "Transaction" },
              ...(extra ? [{ label: extra.label }] : []),
              { label: "Status" },
              { label: "Amount", align: "right" },
              { label: "Created" },
              { label: "Completed" },
            ]}
          />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="ngn-row">
              <td className="py-2 pr-4 font-mono text-xs">
                {linkOf ? (
                  <Link href={linkOf(row)} className="text-indigo-800 underline">
                    {row.id}
                  </Link>
                ) : (
                  row.id
                )}
              </td>
              {extra ? <td className="py-2 pr-4">{extra.cell(row)}</td> : null}
              <td className="py-2 pr-4">
                <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(row.amount, row.currency)}</td>
              <td className="py-2 pr-4">{when(row.createdAt)}</td>
              <td className="py-2">{when(row.completedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
