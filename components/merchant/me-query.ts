import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { Environment } from "@/lib/rails";

/** GET /api/me: the merchant identity behind the session's environment. */
export type MerchantDto = {
  merchantId: string;
  name: string;
  environment: Environment;
  webhookUrl: string | null;
  scopes: string[];
};

export function meQueryOptions(mode: Environment) {
  return queryOptions({
    // Keyed by mode: test and live keys may belong to differently named merchant records.
    queryKey: ["me", mode] as const,
    queryFn: ({ signal }) => apiFetch<MerchantDto>("/api/me", { signal }),
    staleTime: 5 * 60_000,
  });
}
