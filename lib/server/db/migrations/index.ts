import "server-only";
import type { Migration } from "kysely";
import * as appMeta from "./0001_app_meta";
import * as staffUsers from "./0002_staff_users";
import * as signInThrottle from "./0003_sign_in_throttle";
import * as moneyWrites from "./0004_money_writes";
import * as europePayouts from "./0005_europe_payouts";
import * as marketPauses from "./0006_market_pauses";
import * as webhookChanges from "./0007_webhook_changes";
import * as auditLog from "./0008_audit_log";
import * as staffSessions from "./0009_staff_sessions";
import * as staffSecondFactor from "./0010_staff_second_factor";
import * as demoAccounts from "./0011_demo_accounts";
import * as staffLastMode from "./0012_staff_last_mode";
import * as auditTargetsFastupdate from "./0013_audit_targets_fastupdate";
import * as auditPrunePrefix from "./0014_audit_prune_prefix";
import * as staffSessionsCreated from "./0015_staff_sessions_created";
import * as moneyWritesLookupFailed from "./0016_money_writes_lookup_failed";
import * as auditOwner from "./0017_audit_owner";
import * as auditKeyed from "./0018_audit_keyed";
import * as codeFailures from "./0019_code_failures";
import * as staffNotices from "./0020_staff_notices";
import * as paymentStory from "./0021_payment_story";
import * as staffInvitations from "./0023_staff_invitations";
import * as approvals from "./0026_approvals";
import * as approvalsByMaker from "./0027_approvals_by_maker";

// Every migration, imported statically so Next bundles them into the server
// build (nothing scans a directory at run time). Forward-only: a released
// migration is never edited or removed; a change is a new entry, whose name
// sorts after the last one (Kysely runs them in name order and refuses a gap).
// A migration sees the database as it was when written, hence Kysely<unknown>
// rather than today's Database type.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0001_app_meta": appMeta,
  "0002_staff_users": staffUsers,
  "0003_sign_in_throttle": signInThrottle,
  "0004_money_writes": moneyWrites,
  "0005_europe_payouts": europePayouts,
  "0006_market_pauses": marketPauses,
  "0007_webhook_changes": webhookChanges,
  "0008_audit_log": auditLog,
  "0009_staff_sessions": staffSessions,
  "0010_staff_second_factor": staffSecondFactor,
  "0011_demo_accounts": demoAccounts,
  "0012_staff_last_mode": staffLastMode,
  "0013_audit_targets_fastupdate": auditTargetsFastupdate,
  "0014_audit_prune_prefix": auditPrunePrefix,
  "0015_staff_sessions_created": staffSessionsCreated,
  "0016_money_writes_lookup_failed": moneyWritesLookupFailed,
  "0017_audit_owner": auditOwner,
  "0018_audit_keyed": auditKeyed,
  "0019_code_failures": codeFailures,
  "0020_staff_notices": staffNotices,
  "0021_payment_story": paymentStory,
  "0023_staff_invitations": staffInvitations,
  "0026_approvals": approvals,
  "0027_approvals_by_maker": approvalsByMaker,
};
