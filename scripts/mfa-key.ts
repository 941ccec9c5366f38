import { UserStoreError } from "@/lib/server/users";
import { DEMO_MFA_ENCRYPTION_KEY } from "./demo-secrets";

/**
 * The key the dashboard seals TOTP secrets with, for the CLIs (lib/server/env.ts checks it the
 * same way): MFA_ENCRYPTION_KEY (.env.local counts, once the CLI database has loaded the env
 * files). `demoFallback`: a command that only reads a demo account's secret on the local
 * embedded database may fall back to the demo's key, so `npm run users -- code` works beside a
 * running demo with nothing set. Nothing that seals a secret falls back: a secret sealed with
 * the wrong key would be an enrolment the dashboard cannot open.
 */
export function mfaEncryptionKey(demoFallback = false): string {
  const key = process.env.MFA_ENCRYPTION_KEY ?? "";
  if (key.length >= 32) return key;
  if (demoFallback && key === "") return DEMO_MFA_ENCRYPTION_KEY;
  throw new UserStoreError("MFA_ENCRYPTION_KEY must be set (at least 32 characters), as for the dashboard.");
}
