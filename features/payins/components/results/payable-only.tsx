import type { ReactNode } from "react";

/**
 * What the customer pays with (a link, a PIX code, a UPI intent, a deposit address), offered
 * only while the request can still be paid (lib/regions/final-state.ts, stillPayable).
 */
export function PayableOnly({ payable, children }: { payable: boolean; children: ReactNode }) {
  if (payable) return children;
  return (
    <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800" data-testid="not-payable">
      No longer payable: this request has been paid, has ended or has expired (its status above says which), so its payment details are not
      offered.
    </p>
  );
}
