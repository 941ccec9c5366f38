// GET /api/settings and PATCH /api/settings/webhook (browser-safe). Admin only.
// The webhook change is validated with the same zod/mini schema (inputs/settings.ts)
// by the settings form and by the route.
import type * as z from "zod/mini";
import type { Environment } from "@/lib/rails";
import { contract } from "@/lib/contracts/contract";
import type { webhookChangeSchema } from "./schemas";

// The browser reads hostOf from here; schemas.ts from webhook-url.ts, so the two do not import each other.
export { hostOf } from "./webhook-url";

/** The merchant record behind this environment's key (GET /v1/me), scopes and webhook included. */
export type MerchantSettingsDto = {
  merchantId: string;
  name: string | null;
  environment: Environment;
  apiKeyPrefix: string | null;
  /** null when /v1/me does not say (the field is not in the spec). */
  scopes: string[] | null;
  webhookUrl: string | null;
  createdAt: string | null;
  /** Changes made through this console, newest first (the API keeps no history). */
  webhookHistory: WebhookChangeDto[];
};

/** One change of the webhook URL made through the console. */
export type WebhookChangeDto = {
  changedAt: string;
  /** The staff member's email. */
  changedBy: string;
  role: string;
  /** null when GET /v1/me gave no URL just before the change (none was registered). */
  previousUrl: string | null;
  url: string;
};

export type WebhookUpdatedDto = { webhookUrl: string | null; updatedAt: string | null };

/** A webhook change as the form sends it (inputs/settings.ts checks it). */
export type WebhookChange = z.infer<typeof webhookChangeSchema>;

export const settingsKeys = { mode: (mode: Environment) => ["settings", mode] as const };

export const settingsContract = contract<MerchantSettingsDto>()({ method: "GET", path: () => "/api/settings" });

export const webhookChangeContract = contract<WebhookUpdatedDto>()({
  method: "PATCH",
  path: () => "/api/settings/webhook",
  input: () => import("./schemas").then((m) => m.webhookChangeSchema),
});
