import "server-only";
import { dehydrate, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { balancesKeys } from "@/lib/contracts/balances";
import { meKeys } from "@/lib/contracts/me";
import { PaymentsApiError } from "@/lib/payments";
import { can, type Permission } from "@/lib/permissions";
import { getQueryClient } from "@/lib/query-client";
import type { Environment } from "@/lib/rails";
import { ApiError, type StateRefusal, stateRefusalOf, upstreamLogLevel } from "./api-error";
import { loadBalances } from "./balances";
import { errorKind, logger } from "./logger";
import { merchantForPage } from "./merchant";
import type { CurrentSession } from "./session";

/** One read a page makes for its client components, as the BFF route behind `queryKey` would make it. */
export type PageRead = {
  /**
   * The permission of that route: a session without it reads nothing here (the browser's request
   * is refused there). Absent for a route every signed-in session may call.
   */
  permission?: Permission;
  queryKey: QueryKey;
  /** The answer; undefined puts nothing in the page (TanStack's setQueryData ignores it): the browser reads it. */
  load: () => Promise<unknown>;
  /** For the log: "recent payouts". */
  what: string;
};

/** A page's server reads: the query state for its HydrationBoundary, and the refusals its reads met. */
export type PrefetchedPage = {
  state: DehydratedState;
  /**
   * Refusals the console shows as a state (api-error.ts: a market the merchant does not have, an id
   * that does not exist). A page that shows one can say so in its first HTML instead of rendering
   * the screen whose browser read would only meet the same refusal again.
   */
  refusals: ReadonlySet<StateRefusal>;
};

/**
 * What a page's client components would ask the BFF for, read on the server under the keys the
 * browser reads, so the data is in the first HTML. A failed read is logged and left out: the browser
 * asks again and shows its error state. The page never fails because of it.
 */
export async function prefetchPage(session: CurrentSession, reads: readonly PageRead[]): Promise<PrefetchedPage> {
  const queryClient = getQueryClient();
  const refusals = new Set<StateRefusal>();
  await Promise.all(
    reads
      .filter((read) => read.permission === undefined || can(session.user.role, read.permission))
      .map(async ({ queryKey, load, what }) => {
        try {
          queryClient.setQueryData(queryKey, await load());
        } catch (err) {
          const refusal = stateRefusalOf(err);
          if (refusal) refusals.add(refusal);
          const { level, code } = howToLog(err);
          // The code and the error's name, never its message: an upstream error's message carries the
          // path (with ids) and the API's own words, a driver's its SQL text, which the logs never
          // hold (docs/decisions/0015-one-json-log-line-per-request-failures-by-kind-and-code.md).
          // The browser's own read of it logs through the BFF.
          logger[level](`${what}: not read on the server`, { code, error: errorKind(err) });
        }
      }),
  );
  return { state: dehydrate(queryClient), refusals };
}

/**
 * A refusal the page shows as a state is information, as in the BFF's answers (api-error.ts), and so
 * is the BFF's own refusal of the request (an id it would not send upstream: the URL's problem,
 * answered without a log line by the route). The rest is for an operator.
 */
function howToLog(err: unknown): { level: "info" | "warn"; code: string } {
  if (err instanceof PaymentsApiError) return { level: upstreamLogLevel(err), code: err.code };
  if (err instanceof ApiError) return { level: err.status < 500 ? "info" : "warn", code: err.code };
  return { level: "warn", code: "unexpected" };
}

/** prefetchPage's query state alone, for pages that leave every refusal to their screens. */
export async function prefetchedState(session: CurrentSession, reads: readonly PageRead[]): Promise<DehydratedState> {
  return (await prefetchPage(session, reads)).state;
}

/** The merchant the header names, as GET /api/me answers (lib/server/merchant.ts keeps one copy for both). */
export function merchantRead(mode: Environment): PageRead {
  return { queryKey: meKeys.mode(mode), load: () => merchantForPage(mode), what: "merchant identity" };
}

/** The balances, as GET /api/balances reads them, under the key useBalances() reads (the overview's cards, the region indexes' markets, the Nigeria market check). */
export function balancesRead(mode: Environment): PageRead {
  return { permission: "balances:read", queryKey: balancesKeys.mode(mode), load: () => loadBalances(mode), what: "balances" };
}
