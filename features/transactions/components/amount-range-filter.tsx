"use client";

import { useId, useState } from "react";
import { compareDecimalStrings, isDecimalString, withoutGrouping } from "@/features/transactions/decimal-compare";
import type { TransactionView } from "./use-transactions-screen";

/** One bound: the URL (and the filter) take the value only once it is a valid decimal; the box keeps what is typed. */
function AmountInput({ label, value, onCommit }: { label: string; value: string | null; onCommit: (v: string | null) => void }) {
  const [text, setText] = useState(value ?? "");
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // The URL changed from outside (back button, clear): show it.
    setLastValue(value);
    setText(value ?? "");
  }
  // "1,000" as the table prints it: the forms' one rule (lib/decimal-string.ts).
  const trimmed = withoutGrouping(text.trim());
  // Said once the box is left (or Enter pressed), not while "12." or "-" is half typed: an alert
  // at every keystroke interrupted a screen reader mid-word.
  const [checked, setChecked] = useState(false);
  const invalid = checked && trimmed !== "" && !isDecimalString(trimmed);
  const errorId = useId();
  return (
    <label className="flex flex-col text-xs text-slate-700">
      {label}
      <input
        inputMode="decimal"
        className={`w-28 rounded-md border px-2 py-1 text-sm text-slate-900 ${invalid ? "border-red-700" : "border-slate-300"}`}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onBlur={() => setChecked(true)}
        onKeyDown={(e) => {
          if (e.key === "Enter") setChecked(true);
        }}
        onChange={(e) => {
          setChecked(false);
          setText(e.target.value);
          const next = withoutGrouping(e.target.value.trim());
          if (next === "") onCommit(null);
          else if (isDecimalString(next)) onCommit(next);
        }}
      />
      {invalid ? (
        // The filter keeps its last good value: say which, so nobody reads the rows as filtered by what is typed.
        <span id={errorId} role="alert" className="mt-1 max-w-[12rem] text-red-800">
          A number such as 150.50 or -20.{" "}
          {value === null ? `No ${label === "Min" ? "minimum" : "maximum"} applies.` : `Still using ${value}.`}
        </span>
      ) : null}
    </label>
  );
}

export function AmountRangeFilter({ view, setView }: Pick<TransactionView, "view" | "setView">) {
  // Said once a box is left (or Enter pressed), as AmountInput's own alert: while "1000" is typed
  // into Max over a Min of 500, "1", "10" and "100" are below it for a keystroke each. A range that
  // came in a link is said at once.
  const [checked, setChecked] = useState(true);
  const reversed = checked && view.min !== null && view.max !== null && compareDecimalStrings(view.min, view.max) > 0;
  const reversedId = useId();
  // Each row's amount is compared in its own currency
  // (docs/decisions/0097-round-28-the-tenth-wrong-step-up-code-ends-the-session.md): with a bound and not
  // exactly one currency chosen, 1,000 BDT and 1,000 USDT both pass "at least 1,000". Said, not changed.
  const mixed = (view.min !== null || view.max !== null) && view.currency.length !== 1;
  const mixedId = useId();
  const described = [reversed ? reversedId : "", mixed ? mixedId : ""].join(" ").trim();
  return (
    <fieldset
      className="flex flex-wrap items-end gap-2"
      aria-describedby={described || undefined}
      onChange={() => setChecked(false)}
      onBlur={() => setChecked(true)}
      onKeyDown={(e) => {
        if (e.key === "Enter") setChecked(true);
      }}
    >
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase">Amount</legend>
      <AmountInput label="Min" value={view.min} onCommit={(min) => void setView({ min })} />
      <AmountInput label="Max" value={view.max} onCommit={(max) => void setView({ max })} />
      {reversed ? (
        // No amount is at least the one and at most the other: say why the table is empty, and offer the likely fix.
        <span id={reversedId} role="alert" className="basis-full text-xs text-red-800">
          Min {view.min} is above Max {view.max}, so no amount matches.{" "}
          <button
            type="button"
            className="font-medium text-indigo-800 underline"
            onClick={() => void setView({ min: view.max, max: view.min })}
          >
            Swap them
          </button>
        </span>
      ) : null}
      {mixed ? (
        <span id={mixedId} data-testid="amount-currency-note" className="basis-full text-xs text-slate-600">
          Each row counts in its own currency. Choose one currency to compare like with like.
        </span>
      ) : null}
    </fieldset>
  );
}
