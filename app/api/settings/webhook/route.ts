import { webhookChangeContract } from "@/lib/contracts/settings";
import { recordAudit } from "@/lib/server/audit/app";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { db } from "@/lib/server/db/app";
import { logger } from "@/lib/server/logger";
import { recordWebhookChange } from "@/lib/server/settings/webhook-history";

/**
 * Admin only: PATCH /v1/me/webhook. The schema accepts https only (the
 * simulator's http://localhost allowance is for its own tests) and wants the
 * new host typed again, because one URL receives every rail's events. A change
 * the API accepted is added to the history (webhook_changes), with the URL it
 * replaced as GET /v1/me gave it just before.
 */
export const PATCH = withSession(
  webhookChangeContract,
  async ({ input, client, session, requestId, request }) => {
    const before = await client.me();
    const updated = await client.updateWebhook({ url: input.url });
    const url = updated.webhookUrl ?? input.url;
    // The URL changed upstream whatever happens next: a history row that cannot be written is logged, not answered as a failure.
    await recordWebhookChange(db(), {
      environment: session.mode,
      previousUrl: before.webhookUrl ?? null,
      url,
      changedBy: { email: session.user.email, role: session.user.role },
      requestId,
    }).catch((err: unknown) =>
      logger.error("webhook change not added to its history", { requestId, error: err instanceof Error ? err.message : String(err) }),
    );
    await recordAudit({
      actor: { kind: "staff", id: session.user.email, email: session.user.email, role: session.user.role },
      environment: session.mode,
      action: "webhook.change",
      requestId,
      clientAddress: clientAddress(request.headers),
      result: "ok",
      details: { previousUrl: before.webhookUrl ?? null, url },
    });
    return { webhookUrl: updated.webhookUrl, updatedAt: updated.updatedAt ?? null };
  },
  { permission: "settings:manage" },
);
