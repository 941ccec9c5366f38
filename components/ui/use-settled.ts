"use client";

import { useEffect, useState } from "react";

/**
 * `value` once it has stayed the same for `ms` (the first one at once). For what is read out, not
 * what is shown: a screen reader hears the result of a search once the typing pauses, not one
 * count per keystroke.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
