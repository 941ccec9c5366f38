"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { sessionIdleContract } from "@/lib/contracts/session";
import { createIdleClock, SignedOutError, type IdleChannel, type IdleState } from "@/lib/idle-clock";
import { watchPersonActivity } from "@/lib/person-activity";
import { redirectToSignIn } from "@/lib/query-client";

const CHANNEL = "merchant-console-idle";

async function readEnd(): Promise<number> {
  try {
    return Date.parse((await apiFetch(sessionIdleContract)).idleEndsAt);
  } catch (error) {
    if (isApiFetchError(error) && error.status === 401) throw new SignedOutError();
    throw error;
  }
}

function tabsChannel(): IdleChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  const channel = new BroadcastChannel(CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    listen: (hear) => channel.addEventListener("message", (event: MessageEvent<unknown>) => hear(event.data)),
    close: () => channel.close(),
  };
}

/**
 * A minute before the session ends for want of use, a dialog says so and offers to stay signed
 * in (issue 54); the person's other tabs show it too, and staying in one clears it in all
 * (lib/idle-clock.ts). Mounted once in the shell, which is also where this tab starts telling
 * the person's reads from its background ones (lib/person-activity.ts).
 */
export function IdleWarning() {
  const [state, setState] = useState<IdleState | null>(null);
  const [staying, setStaying] = useState(false);
  const clock = useRef<ReturnType<typeof createIdleClock> | null>(null);

  useEffect(() => {
    watchPersonActivity();
    const created = createIdleClock({
      readEnd,
      channel: tabsChannel(),
      now: () => Date.now(),
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
      onChange: setState,
      onSignedOut: redirectToSignIn,
    });
    clock.current = created;
    created.start();
    return () => created.stop();
  }, []);

  const stay = async () => {
    setStaying(true);
    try {
      await clock.current?.stay();
    } finally {
      setStaying(false);
    }
  };

  const open = state?.warning === true;
  const at = state ? new Date(state.endsAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" }) : "";
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : void stay())}>
      {open ? (
        <DialogContent
          title="Are you still there?"
          description={`Nothing was done in this dashboard for almost 30 minutes, so it signs you out at ${at}, in every tab.`}
        >
          <DialogFooter>
            <Button type="button" autoFocus onClick={() => void stay()} disabled={staying}>
              {staying ? "Staying signed in…" : "Stay signed in"}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
