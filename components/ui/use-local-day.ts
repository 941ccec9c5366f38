"use client";

import { useEffect, useState } from "react";
import { formatLocalDay, startOfLocalDay } from "@/lib/local-time";

/**
 * The reader's day ("2026-11-28"), kept current while `active`: a timer for the next local
 * midnight, and a check whenever the tab is shown or focused again (background tabs' timers are
 * throttled, and a laptop asleep at midnight skips them). A view that turns "today" or "7 days"
 * into instants depends on it, so it moves on at midnight instead of keeping yesterday.
 */
export function useLocalDay(active: boolean): string {
  const [day, setDay] = useState(() => formatLocalDay(new Date()));
  useEffect(() => {
    if (!active) return;
    const check = () => setDay(formatLocalDay(new Date()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const now = new Date();
      timer = setTimeout(
        () => {
          check();
          schedule();
        },
        startOfLocalDay(now, 1).getTime() - now.getTime() + 1_000,
      );
    };
    check();
    schedule();
    const onShown = () => {
      if (document.visibilityState === "visible") check();
    };
    document.addEventListener("visibilitychange", onShown);
    window.addEventListener("focus", check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onShown);
      window.removeEventListener("focus", check);
    };
  }, [active]);
  return day;
}
