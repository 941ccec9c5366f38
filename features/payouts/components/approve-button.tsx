"use client";

import { useState } from "react";
import { DetailList } from "@/components/ui/detail-list";
import { writeErrorKind } from "@/components/money-movement/write-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, preloadDialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { formatMoney } from "@/lib/money";
import type { PayoutDto } from "@/lib/contracts/region-payouts";
import { useApprovePayout } from "./use-approve-payout";

const money = (amount: string | null, currency: string | null) => (amount && currency ? formatMoney(amount, currency) : amount);

/** Approve behind its own confirmation: it is the moment the USDC leaves the pocket. */
export function ApproveButton({ payout }: { payout: PayoutDto }) {
  const [open, setOpen] = useState(false);
  const { mutation: approve, refreshLists } = useApprovePayout();
  const failure = approve.error ? writeErrorKind(approve.error) : null;

  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        aria-haspopup="dialog"
        aria-label={`Approve payout ${payout.transactionId}`}
      >
        Approve
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (approve.isPending) return;
          setOpen(next);
          if (next) return;
          if (approve.isError) refreshLists();
          approve.reset();
        }}
      >
        <DialogContent
          title="Approve this Europe payout?"
          description="Approving sends the EUR and debits the USDC pocket now. It cannot be undone."
        >
          <div className="mt-4">
            <DetailList
              rows={[
                { label: "Transaction ID", value: payout.transactionId },
                { label: "Sends", value: money(payout.amount, payout.currency) },
                { label: "Debits", value: money(payout.debitAmount, payout.debitCurrency) },
                { label: "Beneficiary", value: payout.beneficiaryName },
                { label: "Merchant reference", value: payout.merchantReference },
              ]}
            />
          </div>
          {approve.error ? (
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {failure === "funds"
                ? "The USDC pocket does not hold enough to approve it. Only USDC funds Europe payouts (PYUSD USDC cannot)."
                : failure === "unknown_outcome"
                  ? "No answer came back. Approving again is safe: approval is idempotent."
                  : approve.error.message}
            </p>
          ) : null}
          <DialogActions
            pending={approve.isPending}
            confirmLabel="Approve payout"
            pendingLabel="Approving…"
            onConfirm={() => approve.mutate(payout.transactionId, { onSuccess: () => setOpen(false) })}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
