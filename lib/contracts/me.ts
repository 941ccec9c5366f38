// GET /api/me (browser-safe): the merchant identity behind the session's environment.
import type { Environment } from "@/lib/rails";
import { contract } from "./contract";

/** Only what the header shows; scopes, the webhook and the key prefix are the settings page's (admin only). */
export type MerchantDto = { merchantId: string; name: string; environment: Environment };

/** Keyed by mode: test and live keys may belong to differently named merchant records. */
export const meKeys = { mode: (mode: Environment) => ["me", mode] as const };

export const meContract = contract<MerchantDto>()({ method: "GET", path: () => "/api/me" });
