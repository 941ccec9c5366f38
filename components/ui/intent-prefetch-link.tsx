"use client";

import Link from "next/link";
import { type ComponentProps, useState } from "react";

/**
 * A `<Link>` that prefetches once the reader shows intent (pointer over it, or keyboard
 * focus) instead of when it scrolls into view: Next's documented hover-triggered prefetch.
 * The sidebar's links are all in view on every page, so viewport prefetch rendered every
 * page of the app on the server right after each load, competing with the page's own
 * requests (docs/performance.md).
 */
export function IntentPrefetchLink({ onMouseEnter, onFocus, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
