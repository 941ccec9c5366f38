// GET /api/settings and PATCH /api/settings/webhook (browser-safe). Admin only.
// The webhook change is validated with the same zod/mini schema by the settings
// form and by the route.
import * as z from "zod/mini";
import type { Environment } from "@/lib/rails";
import { contract } from "./contract";

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

/** The host of a URL in lower case ("hooks.example.com"), or "" when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}

/**
 * https only in the dashboard (the simulator also takes http://localhost for
 * its own delivery tests), and the new host typed again: one URL receives the
 * events of every rail, so a typo silently sends them all elsewhere.
 */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const webhookUrlSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, "Enter the new webhook URL"),
    // A browser's practical limit for a URL; the spec shows none (docs/decisions.md).
    z.maxLength(WEBHOOK_URL_MAX_LENGTH, `A webhook URL has at most ${WEBHOOK_URL_MAX_LENGTH.toLocaleString("en-US")} characters`),
    // Checked before parsing: the URL parser would turn a space in the host into %20 and ask to confirm that.
    z.refine((value) => !/\s/.test(value), "A URL cannot contain spaces"),
  ),
  z.url({
    protocol: /^https$/,
    hostname: z.regexes.domain,
    error: "Enter an https:// URL with a domain name, such as https://hooks.example.com/payments",
  }),
);

export const webhookChangeSchema = z.object({ url: webhookUrlSchema, confirmHost: z.string().check(z.trim()) }).check(
  z.superRefine((value, ctx) => {
    if (hostOf(value.url) !== value.confirmHost.toLowerCase()) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmHost"],
        message: "Type the new URL's host exactly to confirm",
        input: value.confirmHost,
      });
    }
  }),
);
export type WebhookChange = z.infer<typeof webhookChangeSchema>;

export const settingsKeys = { mode: (mode: Environment) => ["settings", mode] as const };

export const settingsContract = contract<MerchantSettingsDto>()({ method: "GET", path: () => "/api/settings" });

export const webhookChangeContract = contract<WebhookUpdatedDto>()({
  method: "PATCH",
  path: () => "/api/settings/webhook",
  input: webhookChangeSchema,
});
