"use client";

import { useEffect, useRef, useState } from "react";

/**
 * `value`, changing at most once per `everyMs` (the latest value always arrives, on a
 * trailing timer); `everyMs` 0 passes every change through. The charts use it while a
 * load streams in: redrawing every chart for every publish of 100,000 rows takes the
 * CPU the load itself needs, and a chart a second behind a moving count loses nothing.
 */
export function useThrottled<T>(value: T, everyMs: number): T {
  const [shown, setShown] = useState(value);
  const lastAt = useRef(0);
  useEffect(() => {
    const wait = everyMs === 0 ? 0 : lastAt.current + everyMs - Date.now();
    const timer = setTimeout(
      () => {
        lastAt.current = Date.now();
        setShown(value);
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [value, everyMs]);
  return everyMs === 0 ? value : shown;
}
