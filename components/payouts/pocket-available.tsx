"use client";

import { usePocketAvailable } from "@/components/balances/use-pocket-available";
import { formatMoney } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";

/** The paying pocket's available balance beside a payout form, as the NGN wizard shows its own. */
export function PocketAvailable({ currency }: { currency: string }) {
  const { available } = usePocketAvailable(currency);
  const label = pocketLabel(currency);
  return (
    <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800" data-testid="pocket-available">
      {label} pocket available:{" "}
      <strong className="text-slate-900 tabular-nums">
        {available === undefined ? "loading…" : available === null ? `no ${label} pocket` : formatMoney(available, currency)}
      </strong>
    </p>
  );
}
