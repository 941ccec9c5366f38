"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { sessionKeys } from "@/lib/contracts/session";
import type { Environment } from "@/lib/rails";
import { onShownModeRefused, setShownMode, takeOwnSwitch } from "@/lib/shown-mode";
import { useSession } from "./use-session";

/**
 * The page under the mode the header shows. The mode is the session's, so a switch in another
 * tab moves this one too; when this tab learns of it (its session read again, or a write the
 * BFF refused as made in the other mode), the page is mounted afresh: a form reviewed in test
 * mode never stays on screen under the live banner, one click from sending. A switch made
 * elsewhere is said above the page, since it clears what was typed.
 */
export function ModeScope({ children }: { children: ReactNode }) {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  const [switchedElsewhere, setSwitchedElsewhere] = useState<Environment | null>(null);
  const previous = useRef(mode);

  // Before the browser paints the page in this mode, and so before any click can send from it.
  useLayoutEffect(() => setShownMode(mode), [mode]);
  useEffect(() => {
    if (previous.current === mode) return;
    previous.current = mode;
    setSwitchedElsewhere(takeOwnSwitch(mode) ? null : mode);
  }, [mode]);
  useEffect(() => onShownModeRefused(() => void queryClient.invalidateQueries({ queryKey: sessionKeys.all })), [queryClient]);

  return (
    <>
      {switchedElsewhere ? (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
        >
          <p>
            Your session was switched to {switchedElsewhere} mode in another tab or window, so this page now shows {switchedElsewhere} mode.
            Anything you had not sent was cleared.
          </p>
          <button type="button" className="font-medium underline" onClick={() => setSwitchedElsewhere(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <Fragment key={mode}>{children}</Fragment>
    </>
  );
}
