import { settingsContract } from "@/features/settings/contracts";
import { withSession } from "@/lib/server/bff";
import { db } from "@/lib/server/db/app";
import { webhookHistory } from "@/features/settings/server/webhook-history";

/** Admin only: the merchant record behind this environment's key (GET /v1/me), scopes and webhook included. */
export const GET = withSession(
  settingsContract,
  async ({ client, session }) => {
    const [me, history] = await Promise.all([client.me(), webhookHistory(db(), session.mode)]);
    return {
      merchantId: me.merchantId,
      name: me.name ?? null,
      environment: me.environment ?? session.mode,
      apiKeyPrefix: me.apiKeyPrefix ?? null,
      scopes: me.scopes ?? null,
      webhookUrl: me.webhookUrl ?? null,
      createdAt: me.createdAt ?? null,
      webhookHistory: history,
    };
  },
  { permission: "settings:manage" },
);
