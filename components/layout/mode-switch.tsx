"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, preloadDialog } from "@/components/ui/dialog";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useSession } from "@/components/session/use-session";
import { useSwitchMode } from "@/components/session/use-switch-mode";
import type { Environment } from "@/lib/rails";

const LABELS: Record<Environment, string> = { test: "Test", live: "Live" };

/** Going live asks first: its dialog's code loads when the pointer or focus reaches Live. */
const preloadConfirm = (option: Environment) => (option === "live" ? preloadDialog : undefined);

/** Test/live toggle. Going live asks first: live figures are real money. */
export function ModeSwitch() {
  const { mode, modes } = useSession();
  const switchMode = useSwitchMode();
  const hydrated = useHydrated();
  const [confirmLive, setConfirmLive] = useState(false);

  if (modes.length < 2) {
    return <span className="text-sm text-slate-700">{LABELS[mode]} mode</span>;
  }

  function choose(next: Environment) {
    if (next === mode || switchMode.isPending) return;
    if (next === "live") setConfirmLive(true);
    else switchMode.mutate(next);
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
            onPointerEnter={preloadConfirm(option)}
            onFocus={preloadConfirm(option)}
            disabled={switchMode.isPending || !hydrated}
            className={`rounded px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-700 ${option === mode ? "bg-slate-900 text-white" : "text-slate-800 hover:bg-slate-100"}`}
          >
            {LABELS[option]}
          </button>
        ))}
      </div>
      {switchMode.isError ? (
        <span role="alert" className="text-xs text-red-800">
          Could not switch mode.
        </span>
      ) : null}
      <Dialog open={confirmLive} onOpenChange={setConfirmLive}>
        <DialogContent
          title="Switch to live mode?"
          description="Live mode shows your real balances and transactions. Money moved in live mode is real."
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Stay in test</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setConfirmLive(false);
                switchMode.mutate("live");
              }}
            >
              Switch to live
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
