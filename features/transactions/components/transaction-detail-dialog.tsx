"use client";

import Link from "next/link";
import { AuditTrailLink } from "@/features/audit/audit-trail-link";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { TransactionRow } from "@/lib/transaction-row";
import { TransactionFields } from "../transaction-fields";

export function TransactionDetailDialog({ row, onClose }: { row: TransactionRow | null; onClose: () => void }) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {row ? (
        <DialogContent wide title="Transaction" description={<>All fields of {row.id} as the payments service reported them.</>}>
          <div className="mt-3">
            <TransactionFields row={row} />
          </div>
          <DialogFooter align="between">
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              <Link href={`/transactions/${encodeURIComponent(row.id)}`} className="text-sm text-indigo-800 underline">
                Link to this transaction
              </Link>
              <AuditTrailLink transactionId={row.id} />
            </div>
            <DialogClose className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50">
              Close
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
