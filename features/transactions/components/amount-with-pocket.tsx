import { formatAmount } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";

/**
 * A row's amount and its pocket, for a table cell: on a phone the pocket sits under the amount
 * (beside it, "250.000000 PYUSD USDC" did not fit 360 px), from md beside it, smaller. The space
 * between them keeps the two words apart for a screen reader and in the row's text.
 * `pocketClassName`: more classes for the pocket (a table that gives it a column of its own on the
 * widest screens hides it there).
 */
export function AmountWithPocket({
  amount,
  currency,
  pocketClassName = "",
}: {
  amount: string;
  currency: string;
  pocketClassName?: string;
}) {
  return (
    <>
      {formatAmount(amount, currency)}{" "}
      <span className={`block text-xs text-slate-600 md:inline ${pocketClassName}`}>{pocketLabel(currency)}</span>
    </>
  );
}
