// The webhook change, validated with the same zod/mini schema by the settings
// form and by PATCH /api/settings/webhook. Browser-safe.
import * as z from "zod/mini";

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
export const webhookUrlSchema = z.url({ protocol: /^https$/, error: "The dashboard accepts https:// URLs only" });

export const webhookChangeSchema = z
  .object({ url: webhookUrlSchema, confirmHost: z.string().check(z.trim()) })
  .check(
    z.superRefine((value, ctx) => {
      if (hostOf(value.url) !== value.confirmHost.toLowerCase()) {
        ctx.addIssue({ code: "custom", path: ["confirmHost"], message: "Type the new URL's host exactly to confirm", input: value.confirmHost });
      }
    }),
  );
export type WebhookChange = z.infer<typeof webhookChangeSchema>;
