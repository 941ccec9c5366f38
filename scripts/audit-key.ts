import { UserStoreError } from "@/lib/server/users";
import { DEMO_AUDIT_KEY } from "./demo-secrets";

/**
 * AUDIT_KEY for a CLI that appends to or verifies the audit trail (.env.local counts, once the CLI
 * database has loaded the env files), checked as lib/server/env.ts checks it. Unset, only the
 * demo's own cluster falls back to the demo's key, so the users CLI works beside `npm run demo`
 * with no set-up; anywhere else an entry chained under another key would read as a break.
 */
export function auditKeyForCli(demo: boolean): string {
  const key = process.env.AUDIT_KEY?.trim() ?? "";
  if (key.length >= 32) return key;
  if (demo && key === "") return DEMO_AUDIT_KEY;
  throw new UserStoreError(
    "AUDIT_KEY must be set (at least 32 characters), as for the dashboard: the audit entry of this change is chained with it.",
  );
}
