import "server-only";
import { z } from "zod";
import { isoDatetime } from "./common";

/** GET /v1/me is "not shown" in the spec; every field follows simulator/README.md and is optional but the id. */
export const meSchema = z.looseObject({
  merchantId: z.string(),
  name: z.string().optional(),
  environment: z.enum(["test", "live"]).optional(),
  apiKeyPrefix: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  webhookUrl: z.string().nullable().optional(),
  createdAt: isoDatetime.optional(),
});

export const webhookUpdateResponseSchema = z.looseObject({
  webhookUrl: z.string().nullable(),
  updatedAt: isoDatetime.optional(),
});
