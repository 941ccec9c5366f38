"use client";

import { DATE_PRESET_LABELS, DATE_PRESETS, type DatePreset } from "@/features/transactions/date-range";
import { readerTimeZone } from "@/lib/local-time";
import { useEffect, useState } from "react";
import type { TransactionView } from "./use-transactions-screen";

const inputClass = "rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900";

/**
 * The browser's timezone, which the server rendering the page cannot know. Read in a task
 * of its own after hydration: the first Intl.DateTimeFormat of a page costs ~10 ms on a slow
 * machine, and the task that ends hydration is already the page's longest.
 */
function useTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setZone(readerTimeZone()), 0);
    return () => clearTimeout(timer);
  }, []);
  return zone;
}

export function DateRangeFilter({ view, setView }: Pick<TransactionView, "view" | "setView">) {
  const zone = useTimeZone();
  const choose = (preset: DatePreset) => void setView({ range: view.range === preset ? null : preset, from: null, to: null });
  // ISO days compare as strings. Kept, not corrected: the reader may be halfway through changing both.
  const reversed = !view.range && view.from !== null && view.to !== null && view.from > view.to;
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="mb-1 w-full text-xs font-semibold tracking-wide text-slate-700 uppercase">
        Created <span className="font-normal normal-case">{`(your timezone: ${zone ?? "…"})`}</span>
      </legend>
      {DATE_PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          aria-pressed={view.range === preset}
          onClick={() => choose(preset)}
          className={`rounded-full border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-700 ${
            view.range === preset ? "border-indigo-700 bg-indigo-700 text-white" : "border-slate-300 bg-white text-slate-800"
          }`}
        >
          {DATE_PRESET_LABELS[preset]}
        </button>
      ))}
      <label className="flex flex-col text-xs text-slate-700">
        From
        <input
          type="date"
          className={inputClass}
          value={view.range ? "" : (view.from ?? "")}
          onChange={(e) => void setView({ range: null, from: e.target.value || null })}
        />
      </label>
      <label className="flex flex-col text-xs text-slate-700">
        To (inclusive)
        <input
          type="date"
          className={inputClass}
          value={view.range ? "" : (view.to ?? "")}
          onChange={(e) => void setView({ range: null, to: e.target.value || null })}
        />
      </label>
      {reversed ? (
        <p role="alert" className="w-full text-xs text-red-800">
          From is after To: no day is in that range. Swap them or pick another day.
        </p>
      ) : null}
    </fieldset>
  );
}
