"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { readerTimeZone } from "@/lib/local-time";
import { AUDIT_ACTION_LABELS } from "./labels";
import { NO_FILTERS, type AuditUrlState } from "./url-state";

type FilterChange = Partial<Pick<AuditUrlState, "actor" | "action" | "environment" | "from" | "to" | "tz" | "target">>;

const DAYS_HINT_ID = "audit-days-zone";

/** Whose days the URL's dates are: a link made before the zone was kept means UTC days. */
const daysZone = (state: AuditUrlState) => (state.from || state.to ? (state.tz ?? "UTC") : null);

const fieldClass = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal text-slate-900";
const labelClass = "flex min-w-0 flex-col text-xs font-semibold tracking-wide text-slate-700 uppercase";

/**
 * The trail's filters. The two text fields apply when submitted (Enter or "Apply"), so each
 * keystroke does not ask the server; the lists and dates apply at once.
 */
export function AuditFilters({ state, onChange }: { state: AuditUrlState; onChange: (change: FilterChange) => void }) {
  const hasFilters = [state.actor, state.action, state.environment, state.from, state.to, state.target].some((value) => value);
  // A day chosen here is a day of the reader's; the other day, if set, is read in the same zone.
  const changeDays = (days: Partial<Pick<AuditUrlState, "from" | "to">>) => {
    const { from, to } = { from: state.from, to: state.to, ...days };
    onChange({ from, to, tz: from || to ? readerTimeZone() : null });
  };
  const zone = daysZone(state);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.trim() || null : null;
    };
    onChange({ actor: text("actor"), target: text("target") });
  };
  const actions = Object.entries(AUDIT_ACTION_LABELS);
  if (state.action && !(state.action in AUDIT_ACTION_LABELS)) actions.push([state.action, state.action]);
  return (
    <form
      aria-label="Filters"
      onSubmit={submit}
      // Remounted when the URL changes the text filters (back button, "Clear"), so the fields show them.
      key={`${state.actor ?? ""}\n${state.target ?? ""}`}
      className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <label className={labelClass}>
        Staff email
        <input
          type="search"
          name="actor"
          defaultValue={state.actor ?? ""}
          placeholder="name@example.com"
          autoComplete="off"
          className={`${fieldClass} normal-case`}
        />
      </label>
      <label className={labelClass}>
        Target id or merchant reference
        <input
          type="search"
          name="target"
          defaultValue={state.target ?? ""}
          placeholder="tx_…, a reference or a staff email"
          autoComplete="off"
          className={`${fieldClass} normal-case`}
        />
      </label>
      <label className={labelClass}>
        Action
        <select value={state.action ?? ""} onChange={(e) => onChange({ action: e.target.value || null })} className={fieldClass}>
          <option value="">Any action</option>
          {actions.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        Environment
        <select
          value={state.environment ?? ""}
          onChange={(e) => onChange({ environment: e.target.value === "test" || e.target.value === "live" ? e.target.value : null })}
          className={fieldClass}
        >
          <option value="">Any (and none)</option>
          <option value="test">Test</option>
          <option value="live">Live</option>
        </select>
      </label>
      {(["from", "to"] as const).map((end) => (
        <label key={end} className={labelClass}>
          {end === "from" ? "From" : "To (included)"}
          <input
            type="date"
            value={state[end] ?? ""}
            onChange={(e) => changeDays({ [end]: e.target.value || null })}
            aria-describedby={DAYS_HINT_ID}
            className={fieldClass}
          />
        </label>
      ))}
      <p id={DAYS_HINT_ID} className="text-xs text-slate-600 sm:col-span-2 lg:col-span-3" data-testid="audit-days-zone">
        {`Days run midnight to midnight in ${zone ?? "your time zone"}.`}
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply</Button>
        {hasFilters ? (
          <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
