"use client";

import { memo } from "react";
import { pocketLabel, RAILS, railLabel } from "@/lib/rails";
import { TX_STATUSES, TX_TYPES } from "@/lib/transaction-row";
import { SEARCH_MAX, searchText } from "@/features/transactions/url-state";
import { AmountRangeFilter } from "./amount-range-filter";
import { ChipGroup } from "./chip-group";
import { DateRangeFilter } from "./date-range-filter";
import { STATUS_LABELS, TYPE_LABELS } from "./labels";
import type { TransactionView } from "./use-transactions-screen";

type Props = Pick<TransactionView, "view" | "setView"> & { currencies: readonly string[]; railLabels: ReadonlyMap<string, string> };

/** Memoised: while rows stream in, the worker's messages leave its props as they were. */
export const FilterBar = memo(function FilterBar({ view, setView, currencies, railLabels }: Props) {
  const hasFilters =
    view.rail.length + view.type.length + view.status.length + view.currency.length > 0 ||
    view.range !== null ||
    view.from !== null ||
    view.to !== null ||
    view.min !== null ||
    view.max !== null ||
    view.q !== "";
  return (
    <section aria-label="Filters" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex grow flex-col text-xs font-semibold tracking-wide text-slate-700 uppercase">
          Search id or platform order id
          <input
            type="search"
            value={view.q}
            maxLength={SEARCH_MAX}
            onChange={(e) => void setView({ q: searchText(e.target.value) })}
            placeholder="tx_… or provider reference"
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal text-slate-900 normal-case"
          />
        </label>
        {hasFilters ? (
          <button
            type="button"
            className="rounded-md px-2 py-1.5 text-sm font-medium text-indigo-800 underline"
            onClick={() =>
              void setView({ rail: [], type: [], status: [], currency: [], range: null, from: null, to: null, min: null, max: null, q: "" })
            }
          >
            Clear filters
          </button>
        ) : null}
      </div>
      <ChipGroup
        legend="Rail"
        options={RAILS.map((rail) => ({ value: rail, label: railLabels.get(rail) ?? railLabel(rail) }))}
        selected={view.rail}
        onChange={(rail) => void setView({ rail })}
      />
      <div className="flex flex-wrap gap-6">
        <ChipGroup
          legend="Type"
          options={TX_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          selected={view.type}
          onChange={(type) => void setView({ type })}
        />
        <ChipGroup
          legend="Status"
          options={TX_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          selected={view.status}
          onChange={(status) => void setView({ status })}
        />
        <ChipGroup
          legend="Currency or pocket"
          options={[...new Set([...currencies, ...view.currency])].map((c) => ({ value: c, label: pocketLabel(c) }))}
          selected={view.currency}
          onChange={(currency) => void setView({ currency })}
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <DateRangeFilter view={view} setView={setView} />
        <AmountRangeFilter view={view} setView={setView} />
      </div>
    </section>
  );
});
