"use client";

import { useHydrated } from "@/components/ui/use-hydrated";
import { useSession } from "@/components/session/use-session";
import { preloadModeConfirm, useConfirmedModeSwitch } from "@/components/session/use-confirmed-mode-switch";
import type { Environment } from "@/lib/rails";

const LABELS: Record<Environment, string> = { test: "Test", live: "Live" };

/** Test/live toggle. Going live asks first: live figures are real money. */
export function ModeSwitch() {
  const { mode, modes } = useSession();
  const { choose, pending, failed, confirmation } = useConfirmedModeSwitch();
  const hydrated = useHydrated();

  if (modes.length < 2) {
    return <span className="text-sm text-slate-700">{LABELS[mode]} mode</span>;
  }

  return (
    <div className="flex items-center gap-2">
      <div role="group" aria-label="Mode" className="inline-flex rounded-md border border-slate-300 p-0.5">
        {modes.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === mode}
            onClick={() => choose(option)}
            onPointerEnter={preloadModeConfirm(option)}
            onFocus={preloadModeConfirm(option)}
            disabled={pending || !hydrated}
            className={`rounded px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-700 ${option === mode ? "bg-slate-900 text-white" : "text-slate-800 hover:bg-slate-100"}`}
          >
            {LABELS[option]}
          </button>
        ))}
      </div>
      {failed ? (
        <span role="alert" className="text-xs text-red-800">
          Could not switch mode.
        </span>
      ) : null}
      {confirmation}
    </div>
  );
}
