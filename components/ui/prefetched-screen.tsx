import { HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { StateRefusal } from "@/lib/server/api-error";
import type { PrefetchedPage } from "@/lib/server/page-prefetch";

type Props = {
  page: PrefetchedPage;
  /** What the page shows for each refusal its server reads can meet, first match first; an empty entry shows the screen. */
  states: Partial<Record<StateRefusal, ReactNode>>;
  /** The screen, given the server's reads; its own read would only meet a refusal again, after a skeleton. */
  children: ReactNode;
};

/**
 * A page's screen with its server reads (page-prefetch.ts), or the state for a refusal those reads
 * met (a market the merchant does not have, an id that does not exist), in the page's first HTML.
 */
export function PrefetchedScreen({ page, states, children }: Props) {
  for (const [refusal, state] of Object.entries(states) as [StateRefusal, ReactNode][]) {
    if (state && page.refusals.has(refusal)) return state;
  }
  return <HydrationBoundary state={page.state}>{children}</HydrationBoundary>;
}
