"use client";

import type { ReactNode } from "react";
import { useSession } from "@/components/session/use-session";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { ReviewRowData } from "@/lib/regions/form";
import { detailValueClass } from "../ui/detail-list";

/** One field of the request body: its wire name, the exact string that will be sent, and an amount's reading. */
export type ReviewRow = ReviewRowData;

type ReviewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Which pocket the write debits, and when ("Debits the NGN pocket when the payout is accepted."); none for a pay-in. */
  debits?: string;
  rows: readonly ReviewRow[];
  confirmLabel: string;
  /** false after a final refusal: sending the same reference again could only be refused again. */
  canConfirm?: boolean;
  submitting: boolean;
  onConfirm: () => void;
  /** An error that belongs to the review step itself (conflict, unavailable rail, unknown outcome). */
  children?: ReactNode;
};

/**
 * The last look before a money write: every field exactly as it will be sent,
 * wire names included, so the operator confirms the request and not a summary.
 */
export function ReviewDialog({
  open,
  onOpenChange,
  title,
  description,
  debits,
  rows,
  confirmLabel,
  canConfirm = true,
  submitting,
  onConfirm,
  children,
}: ReviewDialogProps) {
  // The live banner is dimmed behind the dialog: the dialog says it itself.
  const live = useSession().mode === "live";
  return (
    <Dialog open={open} onOpenChange={(next) => (submitting ? undefined : onOpenChange(next))}>
      <DialogContent title={live ? `${title} in live mode` : title} description={description}>
        {debits ? (
          <p
            data-testid="review-debits"
            className={`mt-3 rounded-md border p-2 text-sm font-medium ${live ? "border-amber-300 bg-amber-50 text-amber-950" : "border-slate-200 bg-slate-50 text-slate-900"}`}
          >
            {live ? "Live: real money. " : null}
            {debits}
          </p>
        ) : null}
        <dl className="mt-4 divide-y divide-slate-200 text-sm" data-testid="review-fields">
          {rows.map((row) => (
            <div key={row.field} className="grid gap-x-2 gap-y-0.5 py-1.5 sm:grid-cols-[10rem_1fr]">
              <dt className="text-slate-700">{row.label}</dt>
              <dd className="text-slate-900">
                <span className={`block ${detailValueClass(row.value)}`} data-field={row.field}>
                  {row.value}
                </span>
                {row.reading ? (
                  <span className="block text-slate-700 tabular-nums" data-reading={row.field}>
                    = {row.reading}
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={submitting}>
              Back
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={submitting || !canConfirm} aria-busy={submitting}>
            {submitting ? "Sending…" : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
