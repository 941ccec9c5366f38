"use client";

import { preloadModeConfirm, useConfirmedModeSwitch } from "@/components/session/use-confirmed-mode-switch";
import { Button } from "@/components/ui/button";
import type { Environment } from "@/lib/rails";

/**
 * A transaction opened from a search result in the other mode (`?mode=live` from test): the page
 * says so and offers the header's confirmed switch (going live asks first, and the live banner
 * follows), never switching for the person. Once switched, this same address shows the transaction.
 */
export function OtherModeNotice({ id, needed, current }: { id: string; needed: Environment; current: Environment }) {
  const { choose, pending, failed, confirmation } = useConfirmedModeSwitch();
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="other-mode-notice"
    >
      <p className="wrap-anywhere">
        Transaction <span className="font-mono">{id}</span> is in {needed} mode, and you are in {current} mode: test and live keep separate
        lists.
      </p>
      <Button
        onClick={() => choose(needed)}
        onPointerEnter={preloadModeConfirm(needed)}
        onFocus={preloadModeConfirm(needed)}
        disabled={pending}
      >
        Switch to {needed} mode to open it
      </Button>
      {failed ? <p role="alert">The mode was not switched. Try again.</p> : null}
      {confirmation}
    </div>
  );
}
