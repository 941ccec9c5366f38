import type { ReactNode } from "react";
import { PrefetchedScreen } from "@/components/ui/prefetched-screen";
import type { PrefetchedPage } from "@/lib/server/page-prefetch";
import { MarketNotEnabledState } from "./nigeria-states";

type Props = {
  page: PrefetchedPage;
  /** A status page's state for an id the API does not know. */
  notFound?: ReactNode;
  children: ReactNode;
};

/**
 * A Nigeria page's screen with its server reads, or, when those reads met `403
 * market_not_enabled` (§1 rule 8), the state itself: the screen's own read would only meet the
 * same refusal again, after a skeleton. The market comes first: without it no id is found.
 */
export function NigeriaPageScreen({ page, notFound, children }: Props) {
  return (
    <PrefetchedScreen page={page} states={{ market_not_enabled: <MarketNotEnabledState />, not_found: notFound }}>
      {children}
    </PrefetchedScreen>
  );
}
