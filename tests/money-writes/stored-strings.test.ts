// The strings the console stores or sends, pinned byte for byte: code names may change (issue 56
// renamed the write "rails" to write kinds), these may not. A changed write kind changes the
// Idempotency-Key, so a write retried across the upgrade would create a second payment (§5 rule 4).
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS } from "@/features/audit/components/labels";
import { API_ERROR_CODES } from "@/lib/contracts/errors";
import { MIGRATIONS } from "@/lib/server/db/migrations";
import { idempotencyKey } from "@/lib/server/money-writes/idempotency";
import { WRITE_KINDS } from "@/lib/server/money-writes/write-kinds";

const KINDS = [
  "ngn-payout",
  "bangladesh-payout",
  "brazil-payout",
  "europe-payout",
  "europe-approve",
  "bangladesh-payin",
  "brazil-payin",
  "india-payin",
  "europe-payin",
  "pyusd-payin",
  "ngn-va",
];

describe("strings that are stored or sent", () => {
  it("keeps every write kind: the ledger's rail column and the Idempotency-Key scope", () => {
    expect([...WRITE_KINDS]).toEqual(KINDS);
    const hash = "9ebcefdf73b3c490cb2de115a02858be46f1d689c4f55ba64081e4aa3b09c030";
    expect(WRITE_KINDS.map((kind) => idempotencyKey("live", kind, "ref-1"))).toEqual(KINDS.map((kind) => `${kind}:live:${hash}`));
  });

  it("keeps every error code the BFF answers", () => {
    expect([...API_ERROR_CODES]).toEqual([
      "validation",
      "unauthenticated",
      "invalid_credentials",
      "invalid_code",
      "forbidden",
      "step_up_required",
      "csrf_rejected",
      "market_not_enabled",
      "not_found",
      "method_not_allowed",
      "mode_changed",
      "changed_since_read",
      "reference_in_use",
      "reference_refused",
      "write_in_flight",
      "approval_pending",
      "approval_closed",
      "name_changed",
      "insufficient_balance",
      "wallet_not_found",
      "upstream_rejected",
      "upstream_refused",
      "payload_too_large",
      "too_many_attempts",
      "header_too_large",
      "internal",
      "upstream_auth_failed",
      "upstream_missing_scope",
      "upstream_error",
      "payment_unavailable",
      "upstream_rate_limited",
      "database_unavailable",
    ]);
  });

  it("keeps every migration name (the database records them as applied)", () => {
    expect(Object.keys(MIGRATIONS)).toEqual([
      "0001_app_meta",
      "0002_staff_users",
      "0003_sign_in_throttle",
      "0004_money_writes",
      "0005_europe_payouts",
      "0006_market_pauses",
      "0007_webhook_changes",
      "0008_audit_log",
      "0009_staff_sessions",
      "0010_staff_second_factor",
      "0011_demo_accounts",
      "0012_staff_last_mode",
      "0013_audit_targets_fastupdate",
      "0014_audit_prune_prefix",
      "0015_staff_sessions_created",
      "0016_money_writes_lookup_failed",
      "0017_audit_owner",
      "0018_audit_keyed",
      "0019_code_failures",
      "0020_staff_notices",
      "0021_payment_story",
      "0023_staff_invitations",
      "0026_approvals",
      "0027_approvals_by_maker",
    ]);
  });

  it("keeps every audit action the trail stores", () => {
    expect(Object.keys(AUDIT_ACTION_LABELS)).toEqual([
      "sign_in",
      "sign_in.second_factor",
      "sign_out",
      "session.mode",
      "session.end",
      "session.end_others",
      "step_up",
      "second_factor.enrol",
      "money_write.intent",
      "money_write.outcome",
      "webhook.change",
      "india.utr",
      "csv_export",
      "staff.add",
      "staff.set-role",
      "staff.passwd",
      "staff.remove",
      "staff.sign-out-everywhere",
      "staff.mfa-enrol",
      "staff.mfa-reset",
      "staff.invite",
      "staff.invite.confirm",
      "staff.invite.revoke",
      "staff.invite.accept",
      "staff.link.withdrawn",
      "staff.set_role",
      "staff.deactivate",
      "staff.reactivate",
      "staff.end_sessions",
      "staff.reset_factor",
      "staff.reset_password",
      "staff.password_reset.use",
      "approval.requested",
      "approval.approved",
      "approval.rejected",
      "approval.expired",
      "approval.sent",
      "approval.failed",
      "approval_policy.proposed",
      "approval_policy.confirmed",
      "approval_policy.cancelled",
    ]);
  });
});
