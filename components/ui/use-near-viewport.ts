"use client";

import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element is within `margin` of the viewport. Heavy widgets below the fold
 * (the transactions charts) draw only when the viewer is about to see them, like
 * `loading="lazy"` for an image: scrolling reveals them, no click needed.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "400px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return near;
}
