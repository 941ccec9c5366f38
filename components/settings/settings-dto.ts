// GET /api/settings and PATCH /api/settings/webhook answers. Browser-safe types.
import type { Environment } from "@/lib/rails";

export type MerchantSettingsDto = {
  merchantId: string;
  name: string | null;
  environment: Environment;
  apiKeyPrefix: string | null;
  /** null when /v1/me does not say (the field is not in the spec). */
  scopes: string[] | null;
  webhookUrl: string | null;
  createdAt: string | null;
};

export type WebhookUpdatedDto = { webhookUrl: string | null; updatedAt: string | null };
