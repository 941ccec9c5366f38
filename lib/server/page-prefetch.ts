import "server-only";
import { dehydrate, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { balancesKeys } from "@/lib/contracts/balances";
import { PaymentsApiError } from "@/lib/payments";
import { can, type Permission } from "@/lib/permissions";
import { getQueryClient } from "@/lib/query-client";
import type { Environment } from "@/lib/rails";
import { upstreamLogLevel } from "./api-error";
import { loadBalances } from "./balances";
import { logger } from "./logger";
import type { CurrentSession } from "./session";

/** One read a page makes for its client components, as the BFF route behind `queryKey` would make it. */
export type PageRead = {
  /** The permission of that route: a session without it reads nothing here (the browser's request is refused there). */
  permission: Permission;
  queryKey: QueryKey;
  load: () => Promise<unknown>;
  /** For the log: "recent payouts". */
  what: string;
};

/**
 * What a page's client components would ask the BFF for, read on the server at once, as the query
 * state for the page's HydrationBoundary: each read lands under the key the browser reads, so the
 * data is in the first HTML, with no skeleton-then-content shift and no render after a round trip.
 * A failed read is logged and left out: the browser asks the BFF itself and shows the component's
 * error state if that fails too. The page never fails because of it.
 */
export async function prefetchedState(session: CurrentSession, reads: readonly PageRead[]): Promise<DehydratedState> {
  const queryClient = getQueryClient();
  await Promise.all(
    reads
      .filter((read) => can(session.user.role, read.permission))
      .map(async ({ queryKey, load, what }) => {
        try {
          queryClient.setQueryData(queryKey, await load());
        } catch (err) {
          const upstream = err instanceof PaymentsApiError ? err : null;
          // A refusal the page shows as a state is information, as in the BFF's answers (api-error.ts).
          logger[upstream ? upstreamLogLevel(upstream) : "warn"](`${what}: not read on the server`, {
            code: upstream?.code ?? "unexpected",
            error: err instanceof Error ? err.message : String(err),
          });
        }
      }),
  );
  return dehydrate(queryClient);
}

/** The balances, as GET /api/balances reads them, under the key useBalances() reads (the overview's cards, the region indexes' markets, the Nigeria market check). */
export function balancesRead(mode: Environment): PageRead {
  return { permission: "balances:read", queryKey: balancesKeys.mode(mode), load: () => loadBalances(mode), what: "balances" };
}
