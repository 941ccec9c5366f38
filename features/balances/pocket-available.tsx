"use client";

import type { ReactNode } from "react";
import { AsOf } from "@/components/ui/as-of";
import { formatMoney } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";
import { usePocketAvailable } from "./use-pocket-available";

/** The paying pocket's available balance beside a payout form (the NGN wizard's and the regions'). */
export function PocketAvailable({
  currency,
  testId = "pocket-available",
  children,
}: {
  currency: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { available, asOf } = usePocketAvailable(currency);
  const label = pocketLabel(currency);
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800" data-testid={testId}>
      {label} pocket available:{" "}
      <strong className="text-slate-900 tabular-nums">
        {available === undefined ? "loading…" : available === null ? `no ${label} pocket` : formatMoney(available, currency)}
      </strong>
      {children}
      <AsOf iso={asOf} label="Last changed" />
    </div>
  );
}
