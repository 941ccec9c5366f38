"use client";

import { useId, useState } from "react";
import { isDecimalString } from "@/lib/transactions/decimal-compare";
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
  const trimmed = text.trim();
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
          const next = e.target.value.trim();
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
  return (
    <fieldset className="flex items-end gap-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase">Amount</legend>
      <AmountInput label="Min" value={view.min} onCommit={(min) => void setView({ min })} />
      <AmountInput label="Max" value={view.max} onCommit={(max) => void setView({ max })} />
    </fieldset>
  );
}
