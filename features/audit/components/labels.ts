// Plain words for what the trail stores as codes (lib/server/audit callers).
import type { AuditEntryDto } from "@/features/audit/contracts";
import type { BadgeTone } from "@/components/ui/badge";
import { railLabel } from "@/lib/rails";

/** Every action recorded today, in the order the filter offers them. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  sign_in: "Sign-in (password)",
  "sign_in.second_factor": "Sign-in (code)",
  sign_out: "Sign-out",
  "session.mode": "Mode switched (test or live)",
  "session.end": "Another session of one's own ended",
  "session.end_others": "Every other session of one's own ended",
  step_up: "Code asked before a money or access change (step-up)",
  "second_factor.enrol": "Two-factor sign-in turned on",
  "money_write.intent": "Money write requested (recorded before sending)",
  "money_write.outcome": "Money write answered",
  "webhook.change": "Webhook URL change",
  "india.utr": "India pay-in: customer's bank reference (UTR) submitted",
  csv_export: "CSV export",
  "staff.add": "Staff member added",
  "staff.set-role": "Staff role changed",
  "staff.passwd": "Staff password changed",
  "staff.remove": "Staff member removed",
  "staff.sign-out-everywhere": "Staff member signed out everywhere",
  "staff.mfa-enrol": "Staff two-factor enrolled (command line)",
  "staff.mfa-reset": "Staff two-factor removed",
  "staff.invite": "Staff member invited (/staff)",
  "staff.invite.confirm": "Invitation confirmed by a second admin",
  "staff.invite.revoke": "Invitation withdrawn",
  "staff.invite.accept": "Invitation accepted (account made)",
  "staff.link.withdrawn": "Link withdrawn (the email could not be sent)",
  "staff.set_role": "Staff role changed (/staff)",
  "staff.deactivate": "Staff member deactivated",
  "staff.reactivate": "Staff member reactivated",
  "staff.end_sessions": "Staff member's sessions ended (/staff)",
  "staff.reset_factor": "Staff two-factor reset (/staff)",
  "staff.reset_password": "Password-reset link made",
  "staff.password_reset.use": "Password reset by link",
  "approval.requested": "Payout held for approval",
  "approval.approved": "Payout approved",
  "approval.rejected": "Payout rejected",
  "approval.expired": "Payout approval request expired",
  "approval.sent": "Approved payout sent",
  "approval.failed": "Approved payout refused",
  "approval_policy.proposed": "Approval policy change proposed",
  "approval_policy.confirmed": "Approval policy change confirmed (applied)",
  "approval_policy.cancelled": "Approval policy change withdrawn",
};

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

const RESULTS: Record<string, { label: string; tone: BadgeTone }> = {
  ok: { label: "Done", tone: "green" },
  // A staff change asked for and refused (the last admin, one's own role): nothing changed.
  refused: { label: "Refused, nothing changed", tone: "red" },
  email_failed: { label: "Not sent: the email could not be sent", tone: "amber" },
  invalid_credentials: { label: "Refused: wrong email or password", tone: "red" },
  too_many_attempts: { label: "Refused: too many attempts", tone: "red" },
  // "password_ok:second_factor" and "password_ok:enrol": the password was right; the next step decides.
  password_ok: { label: "Password right, next step", tone: "slate" },
  invalid_code: { label: "Refused: wrong or already used code", tone: "red" },
  session_ended: { label: "Refused: tenth wrong code, session signed out", tone: "red" },
  code_blocked: { label: "Refused: codes blocked after 100 wrong in a row (a new password and a recovery code open it)", tone: "red" },
  factor_unreadable: {
    label: "Not checked: the app's key cannot open this person's code secret (MFA_ENCRYPTION_KEY changed)",
    tone: "amber",
  },
  reserved: { label: "Recorded, about to send", tone: "slate" },
  resending: { label: "Recorded, about to send again under the same key", tone: "slate" },
  answered: { label: "Accepted by the API", tone: "green" },
  failed: { label: "Refused by the API", tone: "red" },
  unknown: { label: "No answer: outcome unknown", tone: "amber" },
  freed: { label: "Not stored by the API; the reference is free again", tone: "amber" },
  kept: { label: "Refused before the API looked; the earlier outcome stands", tone: "amber" },
};

/** The password step's next step (lib/server/sign-in.ts stores "password_ok:<stage>"). */
const NEXT_STEPS: Record<string, string> = {
  second_factor: "Password right; a code from the app is asked next",
  enrol: "Password right; two-factor set-up comes next",
};

/** "failed:insufficient_balance" → "Refused by the API (insufficient_balance)". */
export function resultOf(result: string): { label: string; tone: BadgeTone } {
  const [state = result, code] = result.split(/:(.*)/s);
  if (state === "password_ok" && code && NEXT_STEPS[code]) return { label: NEXT_STEPS[code], tone: "slate" };
  const known = RESULTS[state];
  if (!known) return { label: result, tone: "slate" };
  return code ? { label: `${known.label} (${code})`, tone: known.tone } : known;
}

export function actorLabel({ actor }: Pick<AuditEntryDto, "actor">): string {
  switch (actor.kind) {
    case "staff":
      return `${actor.email ?? actor.id ?? "unknown"} (${actor.role ?? "no role"})`;
    case "anonymous":
      return "Someone not signed in";
    case "cli":
      return `Command line, run by ${actor.id ?? "an unknown user"}`;
    case "job":
      return `Job ${actor.id ?? ""}${actor.email ? `, for ${actor.email}` : ""}`.trim();
  }
}

const DETAIL_LABELS: Record<string, string> = {
  typedEmailHmac: "Unknown email typed (kept only as a keyed hash, never the text)",
  sameInviter: "Maker and checker both invited by",
  rail: "Rail",
  upstreamStatus: "API status",
  previousUrl: "Previous URL",
  url: "New URL",
  role: "Role",
  from: "Role before",
  page: "Page",
  mode: "Mode after",
  previousMode: "Mode before",
  ended: "Sessions ended",
  consecutiveWrongCodes: "Wrong codes in a row",
  codeStepReopened: "Blocked code step opened again",
  filters: "Filters",
  rows: "Rows",
  partial: "Partial",
  utr: "UTR",
  status: "Status after",
  via: "Outcome learnt by",
  reservedBy: "First sent by",
  method: "Checked with",
  reason: "Reason given",
  refusal: "Refused because",
};

/** A money write's rail as the ledger names it (lib/server/money-writes/write-kinds.ts), in words. */
const WRITE_KINDS: Record<string, string> = {
  "ngn-payout": "Nigeria payout",
  "bangladesh-payout": "Bangladesh payout",
  "brazil-payout": "Brazil payout",
  "europe-payout": "Europe payout",
  "europe-approve": "Europe payout approval",
  "bangladesh-payin": "Bangladesh pay-in",
  "brazil-payin": "Brazil pay-in",
  "india-payin": "India pay-in",
  "europe-payin": "Europe pay-in",
  "pyusd-payin": "PYUSD pay-in",
  "ngn-va": "Nigeria virtual account",
};

/** Stored codes of some details, in words; a value not listed is shown as stored. */
const DETAIL_VALUES: Record<string, Record<string, string>> = {
  method: { totp: "a code from the authenticator app", recovery: "a recovery code" },
  via: { lookup: "a lookup by reference", reconcile: "the reconciliation job" },
};

/** One detail's value in words: its key says how to read it. */
export function detailText(key: string, value: unknown): string {
  if (typeof value === "string") {
    if (key === "rail") return WRITE_KINDS[value] ?? railLabel(value);
    return DETAIL_VALUES[key]?.[value] ?? value;
  }
  if (key === "upstreamStatus" && typeof value === "number") return `HTTP ${value}`;
  return detailValue(value);
}

export function detailLabel(key: string): string {
  return DETAIL_LABELS[key] ?? key;
}

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(detailValue).join(", ");
  if (typeof value === "string") return value;
  if (typeof value === "number") return value.toLocaleString("en-US");
  return JSON.stringify(value);
}
