import { queryOptions } from "@tanstack/react-query";
import { ApiFetchError, apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { lookupContract, lookupKeys } from "@/features/lookup/contracts";
import type { Environment } from "@/lib/rails";
import { reportShownModeRefused } from "@/lib/shown-mode";

/**
 * Step one of a lookup: the value as a transactionId (a 404 comes back as `transaction: null`).
 * An answer in another mode than `mode` (another tab switched the session) is refused before it is
 * cached, or this mode's banner would show the other mode's payment; the pages then remount in the
 * session's mode (ModeScope).
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
