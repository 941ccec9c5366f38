import { settingsContract } from "@/lib/contracts/settings";
import { withSession } from "@/lib/server/bff";

/** Admin only: the merchant record behind this environment's key (GET /v1/me), scopes and webhook included. */
export const GET = withSession(
  settingsContract,
  async ({ client, session }) => {
    const me = await client.me();
    return {
      merchantId: me.merchantId,
      name: me.name ?? null,
      environment: me.environment ?? session.mode,
      apiKeyPrefix: me.apiKeyPrefix ?? null,
      scopes: me.scopes ?? null,
      webhookUrl: me.webhookUrl ?? null,
      createdAt: me.createdAt ?? null,
    };
  },
  { permission: "settings:manage" },
);
