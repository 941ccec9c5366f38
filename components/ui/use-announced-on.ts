"use client";

import { useState } from "react";

/**
 * The text for a polite live region, changed only when `key` changes: a count that moves every
 * 500 ms while rows load is read out when the load starts or ends and when the filters change,
 * not at every tick (which kept a screen reader talking for the whole load). The visible text
 * beside it follows every tick, outside any live region.
 */
export function useAnnouncedOn(key: string, text: string): string {
  const [held, setHeld] = useState({ key, text });
  if (held.key !== key) {
    // Adjusting state while rendering (React's documented pattern for state derived from props).
    setHeld({ key, text });
    return text;
  }
  return held.text;
}
