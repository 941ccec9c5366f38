"use client";

import { useLayoutEffect, useState, type RefObject } from "react";

type Options = {
  rowHeight: number;
  /** Rows kept in the DOM either side of those in view, so a fast scroll does not show blanks. */
  overscan: number;
  /** The box's height before it is measured (server render and hydration). */
  initialHeight: number;
};

/** Rows in view: the first, and the one after the last (not clamped to the count). */
type InView = { first: number; last: number };

const inViewOf = (offset: number, height: number, rowHeight: number): InView => ({
  first: Math.floor(offset / rowHeight),
  last: Math.ceil((offset + height) / rowHeight),
});

/**
 * Which rows of a list whose rows all have the same height are in its scroll box's view, plus
 * `overscan` either side, and the heights of the spacers around them. What a general
 * virtualizer (@tanstack/react-virtual, ~6 KB gzip) did for the transactions table, whose rows
 * never vary: a division. The state changes only when a row enters or leaves the view, so a
 * scroll re-renders once per row, not once per pixel.
 */
export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, count: number, { rowHeight, overscan, initialHeight }: Options) {
  const [inView, setInView] = useState<InView>(() => inViewOf(0, initialHeight, rowHeight));

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const read = () => {
      const next = inViewOf(box.scrollTop, box.clientHeight, rowHeight);
      setInView((current) => (current.first === next.first && current.last === next.last ? current : next));
    };
    read();
    box.addEventListener("scroll", read, { passive: true });
    const resized = new ResizeObserver(read);
    resized.observe(box);
    return () => {
      box.removeEventListener("scroll", read);
      resized.disconnect();
    };
  }, [scrollRef, rowHeight]);

  const start = Math.min(count, Math.max(0, inView.first - overscan));
  const end = Math.min(count, inView.last + overscan);
  return { start, end, top: start * rowHeight, bottom: (count - end) * rowHeight };
}
