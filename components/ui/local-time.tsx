"use client";

import { formatLocalTimeOnceHydrated } from "@/components/ui/time-format";
import { useHydrated } from "./use-hydrated";

/**
 * A time in the reader's zone, with its offset, once the page is hydrated; in UTC in the server's
 * HTML and the render that hydrates it, which cannot know the reader's zone (a server in UTC and a
 * reader in Kolkata would otherwise disagree, and React re-renders the page on the mismatch).
 */
export function LocalTime({ iso }: { iso: string | null }) {
  return formatLocalTimeOnceHydrated(iso, useHydrated());
}
