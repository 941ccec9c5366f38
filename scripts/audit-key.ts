import { UserStoreError } from "@/lib/server/users";

/**
 * AUDIT_KEY for a CLI that appends to the audit trail (.env.local counts, once the CLI database
 * has loaded the env files), checked as lib/server/env.ts checks it. No fallback: an entry
 * chained under another key is one `npm run audit -- verify` reports as a break.
 */
export function auditKeyForCli(): string {
  const key = process.env.AUDIT_KEY?.trim() ?? "";
  if (key.length >= 32) return key;
  throw new UserStoreError(
    "AUDIT_KEY must be set (at least 32 characters), as for the dashboard: the audit entry of this change is chained with it.",
  );
}
