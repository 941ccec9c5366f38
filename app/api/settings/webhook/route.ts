import { webhookChangeContract } from "@/features/settings/contracts";
import { withSession } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { changeWebhook } from "@/features/settings/server/change-webhook";

/**
 * Admin only: PATCH /v1/me/webhook. The schema accepts https only (the simulator's
 * http://localhost allowance is for its own tests), wants the new host typed again, because one
 * URL receives every rail's events, and the URL the page showed, so a change made meanwhile is not
 * overwritten unseen (features/settings/server/change-webhook.ts).
 */
export const PATCH = withSession(
  webhookChangeContract,
  ({ input, client, session, requestId, request }) =>
    changeWebhook({
      mode: session.mode,
      client,
      url: input.url,
      replacing: input.replacing,
      actor: { email: session.user.email, role: session.user.role },
      requestId,
      clientAddress: clientAddress(request.headers),
    }),
  { permission: "settings:manage" },
);
