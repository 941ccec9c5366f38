import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { accountContract, accountKeys, endSessionContract } from "@/lib/contracts/account";

export function accountQueryOptions() {
  return queryOptions({ queryKey: accountKeys.all, queryFn: ({ signal }) => apiFetch(accountContract, { signal }) });
}

export function endSession(id: string) {
  return apiFetch(endSessionContract, { body: { id } });
}
