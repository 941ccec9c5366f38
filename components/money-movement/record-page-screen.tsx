import type { ReactNode } from "react";
import { PrefetchedScreen } from "@/components/ui/prefetched-screen";
import type { Environment, Market } from "@/lib/rails";
import type { PrefetchedPage } from "@/lib/server/page-prefetch";
import { MarketUnavailable } from "./market-unavailable";
import { RecordNotFound } from "../ui/record-not-found";

type Props = {
  page: PrefetchedPage;
  /** "transaction", "Brazil payment": how the page names the record. */
  what: string;
  id: string;
  mode: Environment;
  /** The record's market, when its read can be refused for it (403 market_not_enabled). */
  market?: Market;
  children: ReactNode;
};

/**
 * A record's page (a deep link, a status page) with its server read: the screen, or, for a read
 * that met a refusal, the market's state or "not found" in the first HTML. The market comes first:
 * without it no id is found.
 */
export function RecordPageScreen({ page, what, id, mode, market, children }: Props) {
  return (
    <PrefetchedScreen
      page={page}
      states={{
        market_not_enabled: market && <MarketUnavailable market={market} state="not_enabled" />,
        not_found: <RecordNotFound what={what} id={id} mode={mode} />,
      }}
    >
      {children}
    </PrefetchedScreen>
  );
}
