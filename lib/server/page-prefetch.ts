import "server-only";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { balancesKeys } from "@/lib/contracts/balances";
import { PaymentsApiError } from "@/lib/payments";
import { can, type Permission } from "@/lib/permissions";
import { loadBalances } from "./balances";
import { logger } from "./logger";
import type { CurrentSession } from "./session";

/** One read a page makes for its client components, as the BFF route behind `queryKey` would make it. */
export type PagePrefetch = {
  session: CurrentSession;
  /** The permission of that route: a session without it reads nothing here (the browser's request is refused there). */
  permission: Permission;
  queryKey: QueryKey;
  load: () => Promise<unknown>;
  /** For the log: "recent payouts". */
  what: string;
};

/**
 * What a page's client component would ask the BFF for, read on the server and put in the page's
 * query cache under the key the browser reads: the data is in the first HTML, with no
 * skeleton-then-content shift and no render after a round trip. A failure is logged and leaves
 * the key empty, so the browser asks the BFF itself and shows the component's error state if that
 * fails too: the page never fails because of it.
 */
export async function prefetchForPage(
  queryClient: QueryClient,
  { session, permission, queryKey, load, what }: PagePrefetch,
): Promise<void> {
  if (!can(session.user.role, permission)) return;
  try {
    queryClient.setQueryData(queryKey, await load());
  } catch (err) {
    logger.warn(`${what}: not read on the server`, {
      code: err instanceof PaymentsApiError ? err.code : "unexpected",
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

/** The balances, as GET /api/balances reads them, under the key useBalances() reads (the overview's cards, the region indexes' markets). */
export function prefetchBalances(queryClient: QueryClient, session: CurrentSession): Promise<void> {
  return prefetchForPage(queryClient, {
    session,
    permission: "balances:read",
    queryKey: balancesKeys.mode(session.mode),
    load: () => loadBalances(session.mode),
    what: "balances",
  });
}
