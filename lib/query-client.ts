import { MutationCache, QueryCache, QueryClient, defaultShouldDehydrateQuery, environmentManager } from "@tanstack/react-query";
import { isApiFetchError } from "@/lib/api-fetch";

// TanStack Query's Next.js App Router set-up: a fresh client per server request (never
// shared between users), one long-lived client in the browser.

const MAX_RETRIES = 2;

function isUnauthenticated(error: unknown): boolean {
  return isApiFetchError(error) && error.status === 401;
}

/** 4xx answers are decisions, not glitches: retrying a 401/403/400 only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiFetchError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The session ended (idle timeout, role change, sign-out elsewhere): go sign in, then come back. */
export function redirectToSignIn(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === "/sign-in") return;
  // A full load rather than router.push: nothing cached from the ended session survives.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load is the point
  window.location.assign(`/sign-in?returnTo=${encodeURIComponent(here)}`);
}

function onError(error: unknown, meta: Record<string, unknown> | undefined): void {
  // The sign-in form itself expects 401s (wrong password) and opts out via meta.
  if (environmentManager.isServer() || meta?.skipAuthRedirect === true) return;
  if (isUnauthenticated(error)) redirectToSignIn();
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        // Above 0 so data hydrated from the server is not refetched the moment it lands.
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
      dehydrate: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (environmentManager.isServer()) return makeQueryClient();
  // Reuse one browser client so React suspending during the first render does not drop the cache.
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
