"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, preloadDialog } from "@/components/ui/dialog";
import type { Environment } from "@/lib/rails";
import { useSession } from "./use-session";
import { useSwitchMode } from "./use-switch-mode";

/** Going live asks first: its dialog's code loads when the pointer or focus reaches what goes live. */
export const preloadModeConfirm = (next: Environment) => (next === "live" ? preloadDialog : undefined);

/**
 * Switching the mode from anywhere on a page (the header's switch, the lookup's "search in live
 * mode"): going live asks first, since live figures are real money; going to test does not. One
 * hook, so no control that switches the mode can skip the question. `confirmation` is the
 * dialog: render it beside the control.
 */
export function useConfirmedModeSwitch() {
  const { mode } = useSession();
  const switchMode = useSwitchMode();
  const [confirmLive, setConfirmLive] = useState(false);

  function choose(next: Environment) {
    if (next === mode || switchMode.isPending) return;
    if (next === "live") setConfirmLive(true);
    else switchMode.mutate(next);
  }

  const confirmation = (
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
  );

  return { choose, pending: switchMode.isPending, failed: switchMode.isError, confirmation };
}
