import "server-only";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { balancesKeys } from "@/lib/contracts/balances";
import { PaymentsApiError } from "@/lib/payments";
import { can } from "@/lib/permissions";
import { loadBalances } from "./balances";
import { logger } from "./logger";
import type { CurrentSession } from "./session";

/**
 * What a page's client component would ask the BFF for, read on the server and put in the page's
 * query cache under the key the browser reads: the data is in the first HTML, with no
 * skeleton-then-content shift and no render after a round trip. A failure is logged and leaves
 * the key empty, so the browser asks the BFF itself and shows the component's error state if that
 * fails too: the page never fails because of it.
 */
export async function prefetchForPage(
  queryClient: QueryClient,
  queryKey: QueryKey,
  load: () => Promise<unknown>,
  what: string,
): Promise<void> {
  try {
    queryClient.setQueryData(queryKey, await load());
  } catch (err) {
    logger.warn(`${what}: not read on the server`, {
      code: err instanceof PaymentsApiError ? err.code : "unexpected",
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

/**
 * The balances, under the key useBalances() reads (the overview's cards, the markets of the region
 * indexes), for a session GET /api/balances would answer.
 */
export async function prefetchBalances(queryClient: QueryClient, session: CurrentSession): Promise<void> {
  if (!can(session.user.role, "balances:read")) return;
  await prefetchForPage(queryClient, balancesKeys.mode(session.mode), () => loadBalances(session.mode), "balances");
}
