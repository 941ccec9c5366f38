import { SimpleTableHead } from "@/components/ui/simple-table-head";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { WIDE_ONLY_CELL } from "@/components/ui/table-classes";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { TransactionRow } from "@/lib/transaction-row";
import { AmountWithPocket } from "./amount-with-pocket";
import { localTimeParts, utcParts } from "@/components/ui/time-format";

const STATUS_TONE: Record<TransactionRow["status"], BadgeTone> = { pending: "amber", success: "green", failed: "red" };

/**
 * Gaps on the left of each cell but the first, so the last column shown, whichever it is at this
 * width (the amount on a phone), ends at the table's right edge.
 */
const CELL = "py-2 pl-3 first:pl-0";

/**
 * A time to the minute in the reader's zone with its offset, as on every page (UTC in the server's HTML and the
 * render that hydrates it, which cannot know the zone), on one line where there is room, breaking
 * only between its day and its clock (the 768 px columns), never inside either. No time is "—";
 * one that does not parse is shown as it came.
 */
function When({ iso }: { iso: string | null }) {
  const hydrated = useHydrated();
  const parts = iso === null ? null : hydrated ? localTimeParts(iso, "minute") : utcParts(iso, "minute");
  if (!parts) return <>{iso ?? "—"}</>;
  return (
    <>
      <span className="whitespace-nowrap">{parts.day}</span> <span className="whitespace-nowrap">{parts.clock}</span>
    </>
  );
}

/**
 * A column a list adds after the id, for what its rows carry beyond §2.3 (an NGN payout's beneficiary).
 * `brief`: what stands for it on a phone, a short line under the id, where the column itself is hidden.
 */
export type ExtraColumn<R> = { label: string; cell: (row: R) => ReactNode; brief?: (row: R) => ReactNode };

/**
 * Rows of the transaction list (recent payouts, inbound credits); `linkOf` turns the id into a link where a
 * detail page exists. On a phone (below md) the table keeps three columns, the id, the status and the amount,
 * and the id's cell also says when the row was created and the extra column's brief: at 360 px the six
 * columns needed 550–720 px of a ~300 px box, and the amount sat behind a sideways swipe.
 */
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
            cell={CELL}
            columns={[
              { label: "Transaction" },
              ...(extra ? [{ label: extra.label, className: WIDE_ONLY_CELL }] : []),
              { label: "Status" },
              { label: "Amount", align: "right" },
              { label: "Created", className: WIDE_ONLY_CELL },
              { label: "Completed", className: WIDE_ONLY_CELL },
            ]}
          />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="ngn-row">
              <td className={CELL}>
                {/* Cut short on a phone and below lg (at 768 px a Nigeria payout's six columns need the room), never
                    broken across lines; the title and the page it opens hold all of it. */}
                <span className="block max-w-[7rem] truncate font-mono text-xs md:max-w-[9rem] lg:max-w-none" title={row.id}>
                  {linkOf ? (
                    <Link href={linkOf(row)} className="text-indigo-800 underline">
                      {row.id}
                    </Link>
                  ) : (
                    row.id
                  )}
                </span>
                <span className="block text-xs text-slate-700 md:hidden" data-testid="row-phone-lines">
                  {extra?.brief ? <span className="block text-slate-900">{extra.brief(row)}</span> : null}
                  <span className="block">
                    <When iso={row.createdAt} />
                  </span>
                </span>
              </td>
              {extra ? <td className={`${CELL} ${WIDE_ONLY_CELL}`}>{extra.cell(row)}</td> : null}
              <td className={CELL}>
                <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
              </td>
              <td className={`${CELL} text-right whitespace-nowrap tabular-nums`} data-testid="row-amount">
                <AmountWithPocket amount={row.amount} currency={row.currency} />
              </td>
              <td className={`${CELL} ${WIDE_ONLY_CELL}`}>
                <When iso={row.createdAt} />
              </td>
              <td className={`${CELL} ${WIDE_ONLY_CELL}`}>
                <When iso={row.completedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
