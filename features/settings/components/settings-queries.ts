import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { settingsContract, settingsKeys, webhookChangeContract, type WebhookChange } from "@/features/settings/contracts";
import type { Environment } from "@/lib/rails";

export function settingsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: settingsKeys.mode(mode),
    queryFn: ({ signal }) => apiFetch(settingsContract, { signal }),
  });
}

export function changeWebhook(change: WebhookChange) {
  return apiFetch(webhookChangeContract, { body: change });
}
