import { queryOptions } from "@tanstack/react-query";
import { ApiFetchError, apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { lookupContract, lookupKeys } from "@/features/lookup/contracts";
import type { Environment } from "@/lib/rails";
import { reportShownModeRefused } from "@/lib/shown-mode";

/**
 * Step one of a lookup: the value as a transactionId (a 404 comes back as `transaction: null`).
 *
 * The BFF answers from the session's mode, which another tab may have switched since this page
 * was shown in `mode`. Such an answer is refused here, before it is cached: under this mode's key
 * it would show the other mode's payment under this mode's banner, or a "no test transaction"
 * about a search made in live. The pages then read the session again (ModeScope), as after a
 * write the BFF refused, and mount afresh in its mode.
 */
export function lookupByIdQueryOptions(mode: Environment, value: string) {
  return queryOptions({
    queryKey: lookupKeys.byId(mode, value),
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(lookupContract, { params: { q: value }, signal });
      if (answer.environment === mode) return answer;
      reportShownModeRefused();
      throw new ApiFetchError(
        409,
        "mode_changed",
        `Nothing was looked up: your session was switched to ${answer.environment} mode in another tab or window, and this page shows ${mode} mode.`,
      );
    },
    enabled: value !== "",
  });
}

/** The lookup's answer came from the other mode (see lookupByIdQueryOptions): no result, no retry. */
export function isModeChanged(error: unknown): error is ApiFetchError {
  return isApiFetchError(error) && error.code === "mode_changed";
}
