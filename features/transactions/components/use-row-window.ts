"use client";

import { type RefObject, useEffect, useState } from "react";

/** The view in rows of the list: the first row whose top is at or above the view's top, and the rows its bottom reaches. */
type Span = { above: number; through: number };

/** @internal */
export const spanOf = (scrollTop: number, height: number, rowHeight: number): Span => ({
  above: Math.floor(scrollTop / rowHeight),
  through: Math.ceil((scrollTop + height) / rowHeight),
});

/** Rows `first` … `last` go in the DOM; `top` and `bottom` are the heights of the rows above and below them. */
export type RowWindowRange = { first: number; last: number; top: number; bottom: number };

/**
 * The rows a span shows of `count`, with `overscan` more each side (what @tanstack/react-virtual's
 * range was for rows of one height).
 * @internal
 */
export function rowWindowOf(
  { above, through }: Span,
  { count, rowHeight, overscan }: { count: number; rowHeight: number; overscan: number },
): RowWindowRange {
  if (count === 0) return { first: 0, last: -1, top: 0, bottom: 0 };
  const start = Math.min(above, count - 1);
  const end = Math.min(Math.max(start, through - 1), count - 1);
  const first = Math.max(0, start - overscan);
  const last = Math.min(count - 1, end + overscan);
  return { first, last, top: first * rowHeight, bottom: (count - 1 - last) * rowHeight };
}

/**
 * A virtual list of rows of one fixed height in the scroll box `ref`: which rows to render. It
 * renders again only when a row enters or leaves the view, not at each pixel of a scroll.
 * Before the box is measured (the server's HTML and hydration) its height is `initialHeight`.
 */
export function useRowWindow(
  ref: RefObject<HTMLElement | null>,
  { count, rowHeight, overscan, initialHeight }: { count: number; rowHeight: number; overscan: number; initialHeight: number },
): RowWindowRange {
  const [span, setSpan] = useState(() => spanOf(0, initialHeight, rowHeight));
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const next = spanOf(box.scrollTop, box.clientHeight, rowHeight);
      setSpan((held) => (held.above === next.above && held.through === next.through ? held : next));
    };
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    return () => {
      box.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [ref, rowHeight]);
  return rowWindowOf(span, { count, rowHeight, overscan });
}
