import { UserStoreError } from "@/lib/server/users";

/** The key the dashboard seals TOTP secrets with, for the CLIs (lib/server/env.ts checks it the same way). */
export function mfaEncryptionKey(): string {
  const key = process.env.MFA_ENCRYPTION_KEY ?? "";
  if (key.length < 32) throw new UserStoreError("MFA_ENCRYPTION_KEY must be set (at least 32 characters), as for the dashboard.");
  return key;
}
