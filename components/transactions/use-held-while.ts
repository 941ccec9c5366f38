"use client";

import { useState } from "react";

/**
 * `value`, except while `hold` is true: then the last value seen while it was false
 * (null if there was none yet). The charts hold still while a load streams in:
 * redrawing every recharts chart for each publish was the largest main-thread cost
 * of a 100,000-row load, and a chart of a half-loaded list says little. A refresh
 * keeps the charts it had until the new rows are in.
 */
export function useHeldWhile<T>(value: T, hold: boolean): T | null {
  const [held, setHeld] = useState<T | null>(hold ? null : value);
  // Derived state, stored during render (React's documented pattern), so no extra commit.
  if (!hold && held !== value) setHeld(value);
  return hold ? held : value;
}
