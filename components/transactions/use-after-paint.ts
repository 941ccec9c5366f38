"use client";

import { startTransition, useEffect, useState } from "react";

/**
 * `value`, one frame late: it changes only after the browser painted the frame that
 * showed the urgent update (the table), so heavy consumers (totals, charts) can never
 * delay that paint. useDeferredValue alone may render before the frame is painted,
 * and a 100 ms chart computation then holds the table back with it.
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // rAF runs just before the paint; a task queued from it runs just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return shown;
}
