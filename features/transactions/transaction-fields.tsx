import Link from "next/link";
import { formatMoney } from "@/lib/money";
import type { TransactionRow } from "@/lib/transaction-row";
import { CopyButton } from "@/components/ui/copy-button";
import { LocalTime } from "@/components/ui/local-time";
import { useSession } from "@/components/session/use-session";
import { payoutStatusHref } from "./components/payout-status-link";
import { TYPE_LABELS } from "./components/labels";
import { StatusBadge } from "./components/status-badge";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-x-2 gap-y-0.5 border-b border-slate-100 py-1.5 sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-700">{label}</dt>
      {/* Wraps between the shown value and its raw form, not inside an id or an ISO date; only a token longer than the line breaks. */}
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/** Every §2.3 field, raw values beside the formatted ones where they differ. */
export function TransactionFields({ row }: { row: TransactionRow }) {
  const payoutHref = payoutStatusHref(row, useSession().user.role);
  return (
    <dl className="text-sm">
      <Field label="Transaction ID">
        <span className="mr-2 font-mono">{row.id}</span>
        <CopyButton value={row.id} label="Copy transaction ID" />
      </Field>
      <Field label="Type">{TYPE_LABELS[row.type]}</Field>
      <Field label="Status">
        <StatusBadge status={row.status} />
      </Field>
      <Field label="Amount">
        {formatMoney(row.amount, row.currency)} <span className="font-mono text-xs text-slate-700">({row.amount})</span>
      </Field>
      <Field label="Currency / pocket">{row.currency}</Field>
      <Field label="Paid amount">{row.paidAmount === null ? "—" : formatMoney(row.paidAmount, row.currency)}</Field>
      <Field label="Rail">
        {row.railLabel} <span className="font-mono text-xs text-slate-700">({row.rail})</span>
      </Field>
      <Field label="Platform order ID">
        <span className="mr-2 font-mono">{row.platformOrderId}</span>
        <CopyButton value={row.platformOrderId} label="Copy platform order ID" />
        <p className="mt-1 text-xs text-slate-700">The provider&apos;s reference for support escalation. It is not a payment link.</p>
      </Field>
      <Field label="Created">
        <LocalTime iso={row.createdAt} /> <span className="font-mono text-xs text-slate-700">({row.createdAt})</span>
      </Field>
      <Field label="Completed">
        <LocalTime iso={row.completedAt} />
        {row.completedAt ? <span className="font-mono text-xs text-slate-700"> ({row.completedAt})</span> : null}
      </Field>
      {payoutHref ? (
        <Field label="Payout status">
          <Link href={payoutHref} className="text-indigo-800 underline">
            Open the Nigeria payout status page
          </Link>
        </Field>
      ) : null}
    </dl>
  );
}
