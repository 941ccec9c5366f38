import { HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { PrefetchedPage } from "@/lib/server/page-prefetch";
import { MarketNotEnabledState } from "./nigeria-states";

/**
 * A Nigeria page's screen with its server reads, or, when those reads met `403
 * market_not_enabled` (§1 rule 8), the state itself: the screen's own read would only meet the
 * same refusal again, after a skeleton.
 */
export function NigeriaPageScreen({ page, children }: { page: PrefetchedPage; children: ReactNode }) {
  if (page.refusals.has("market_not_enabled")) return <MarketNotEnabledState />;
  return <HydrationBoundary state={page.state}>{children}</HydrationBoundary>;
}
