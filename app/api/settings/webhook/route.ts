import { webhookChangeContract } from "@/lib/contracts/settings";
import { withSession } from "@/lib/server/bff";

/**
 * Admin only: PATCH /v1/me/webhook. The schema accepts https only (the
 * simulator's http://localhost allowance is for its own tests) and wants the
 * new host typed again, because one URL receives every rail's events.
 */
export const PATCH = withSession(
  webhookChangeContract,
  async ({ input, client }) => {
    const updated = await client.updateWebhook({ url: input.url });
    return { webhookUrl: updated.webhookUrl, updatedAt: updated.updatedAt ?? null };
  },
  { permission: "settings:manage" },
);
