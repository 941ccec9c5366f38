import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { Environment } from "@/lib/rails";
import type { MerchantSettingsDto, WebhookUpdatedDto } from "./settings-dto";
import type { WebhookChange } from "./webhook-change-schema";

export function settingsQueryOptions(mode: Environment) {
  return queryOptions({
    queryKey: ["settings", mode] as const,
    queryFn: ({ signal }) => apiFetch<MerchantSettingsDto>("/api/settings", { signal }),
  });
}

export function changeWebhook(change: WebhookChange): Promise<WebhookUpdatedDto> {
  return apiFetch<WebhookUpdatedDto>("/api/settings/webhook", { method: "PATCH", json: change });
}
