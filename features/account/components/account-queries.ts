import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { accountContract, accountKeys, endOtherSessionsContract, endSessionContract } from "@/features/account/contracts";

export function accountQueryOptions() {
  return queryOptions({ queryKey: accountKeys.all, queryFn: ({ signal }) => apiFetch(accountContract, { signal }) });
}

/** `password`: an account without a second factor's (one with a factor passes the step-up dialog instead). */
export function endSession(id: string, password: string | undefined) {
  return apiFetch(endSessionContract, { body: { id, password } });
}

export function endOtherSessions(password: string | undefined) {
  return apiFetch(endOtherSessionsContract, { body: { password } });
}
