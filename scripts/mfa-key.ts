import { UserStoreError } from "@/lib/server/users";
import { DEMO_MFA_ENCRYPTION_KEY } from "./demo-secrets";

/**
 * The key TOTP secrets are sealed with, for the CLIs: MFA_ENCRYPTION_KEY (.env.local counts).
 * `demoFallback`: a command that only reads a demo secret on the local embedded database may use
 * the demo's key; nothing that seals falls back (the dashboard could not open that secret).
 */
export function mfaEncryptionKey(demoFallback = false): string {
  const key = process.env.MFA_ENCRYPTION_KEY ?? "";
  if (key.length >= 32) return key;
  if (demoFallback && key === "") return DEMO_MFA_ENCRYPTION_KEY;
  throw new UserStoreError("MFA_ENCRYPTION_KEY must be set (at least 32 characters), as for the dashboard.");
}
