import "server-only";
import type { ColumnType, Generated } from "kysely";

// The tables the migrations create, as the queries see them. Kept by hand next to
// lib/server/db/migrations: a migration that changes a table changes its type here.
// Column names stay snake_case as in SQL (no CamelCasePlugin), so a query reads
// like the SQL it runs.
//
// pg's own parsing applies: int8 and numeric arrive as strings (money stays a
// decimal string), timestamptz as Date, jsonb as parsed JSON.

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A jsonb column: read as parsed JSON, written as JSON text (JSON.stringify).
 * pg would send a JS array as a Postgres array literal, not as JSON, so the
 * write side takes the text and the caller states the encoding.
 */
type Jsonb<T extends JsonValue = JsonValue> = ColumnType<T, string, string>;

/** A `timestamptz not null default now()` column. */
type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Facts the console records about itself, such as "the users file was imported once" (0001). */
interface AppMetaTable {
  key: string;
  value: Jsonb;
  updated_at: CreatedTimestamp;
}

/** A `timestamptz not null` column the code always sets. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Staff accounts (0002); `email` is the key, trimmed and lower-cased. */
export interface StaffUsersTable {
  email: string;
  name: string;
  role: string;
  password_hash: string;
  session_version: ColumnType<number, number | undefined, number>;
  /** Created by `npm run demo` (0011): only these get a code from `npm run users -- code`. */
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  /** The mode last chosen (0012): a new sign-in opens in it. */
  last_mode: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'active' or 'deactivated' (0023). */
  status: ColumnType<string, string | undefined, string>;
  /** The admin whose invitation created the account (0023); null for the CLI's. */
  invited_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a session of theirs last became signed in (0023). */
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

/** Sign-in throttle counters (0003), one row per key within a scope ("email", "address"). */
interface SignInThrottleTable {
  scope: string;
  key: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp;
}

/** The money-write ledger (0004): one row per write, keyed by (environment, rail, reference). */
export interface MoneyWritesTable {
  environment: string;
  rail: string;
  reference: string;
  idempotency_key: string;
  fingerprint: string;
  actor_id: string;
  actor_email: string;
  actor_role: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** intent, sent, answered, failed or unknown (checked by the table). */
  state: string;
  upstream_status: number | null;
  code: string | null;
  transaction_id: string | null;
  /** The exact request bytes while unresolved; null once answered or failed (checked by the table). */
  request_body: string | null;
  /** The instance and process boot that last moved the row to intent or sent. */
  instance_id: string | null;
  boot_id: string | null;
  /** When the reconciler's lookup of it last failed (0016): orders the unresolved rows. */
  lookup_failed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Europe payouts this console created or approved (0005); `payout` is the PayoutDto as JSON. */
interface EuropePayoutsTable {
  environment: string;
  transaction_id: string;
  payout: Jsonb;
  approval_status: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

/** A market's pause as last observed (0006): present while it is remembered. */
interface MarketPausesTable {
  environment: string;
  market: string;
  since: Timestamp;
}

/** The webhook URL's change history (0007). */
interface WebhookChangesTable {
  id: Generated<string>;
  environment: string;
  previous_url: string | null;
  url: string;
  changed_by_email: string;
  changed_by_role: string;
  request_id: string;
  changed_at: CreatedTimestamp;
}

/** The audit trail (0008): append-only (a trigger), chained (0018: HMAC under the key key_id names; null before it). */
export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  environment: string | null;
  action: string;
  target_ids: ColumnType<string[], string[] | undefined, string[]>;
  merchant_reference: string | null;
  idempotency_key: string | null;
  request_id: string | null;
  client_address: string | null;
  result: string;
  details: Jsonb;
  prev_hash: string;
  hash: string;
  key_id: string | null;
}

/** Where the chain starts after a prune (0017; written only by audit_prune). */
interface AuditChainBaseTable {
  one: Generated<boolean>;
  after_id: string;
  prev_hash: string;
  updated_at: CreatedTimestamp;
}

/** The first keyed entry follows after_id (0018), signed with AUDIT_KEY by the append that wrote it. */
interface AuditKeyedFromTable {
  one: Generated<boolean>;
  after_id: string;
  key_id: string;
  mac: string;
}

/** Server-side sessions (0009): the cookie holds a secret, the row stores its SHA-256. */
export interface StaffSessionsTable {
  id: Generated<string>;
  secret_hash: string;
  user_email: string;
  session_version: number;
  stage: "second_factor" | "enrol" | "active";
  mode: "test" | "live";
  created_at: CreatedTimestamp;
  last_seen_at: CreatedTimestamp;
  client_address: string;
  user_agent: string;
  second_factor_at: Timestamp | null;
  /** An enrolment in progress: its TOTP secret, encrypted like staff_totp's. */
  pending_totp: string | null;
}

/** A staff member's TOTP factor (0010). */
interface StaffTotpTable {
  user_email: string;
  secret_ciphertext: string;
  last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  enrolled_at: CreatedTimestamp;
}

/** Single-use recovery codes (0010), hashed. */
interface StaffRecoveryCodesTable {
  user_email: string;
  code_hash: string;
  used_at: Timestamp | null;
}

/** Consecutive wrong second-factor codes per account, and its block (0019, issue 54). */
interface StaffCodeFailuresTable {
  user_email: string;
  consecutive: number;
  blocked_at: Timestamp | null;
  password_reset_at: Timestamp | null;
}

/** What a staff member is told at their next sign-in, until dismissed (0020). */
interface StaffNoticesTable {
  id: Generated<string>;
  user_email: string;
  message: string;
  created_at: CreatedTimestamp;
  dismissed_at: Timestamp | null;
}

/** A console write's masked summary, kept 400 days (0021): what support searches and reads. */
interface MoneyWriteSummariesTable {
  environment: string;
  rail: string;
  reference: string;
  created_at: CreatedTimestamp;
  /** numeric: read back as the decimal string. */
  amount: string | null;
  currency: string | null;
  bank_name: string | null;
  account_last4: string | null;
  /** Keyed hashes of the account's trailing digits, 4 and more (lib/server/money-writes/summary.ts). */
  account_suffixes: ColumnType<string[], string[] | undefined, string[]>;
  /** The NGN payout `reference` the API assigned, from the create or a poll answer. */
  payout_reference: string | null;
}

/** The first time any instance saw a transaction in a status (0021). */
interface TransactionStatusSeenTable {
  environment: string;
  transaction_id: string;
  status: string;
  seen_at: CreatedTimestamp;
}

/** A payout a policy held for a second person (0026, lib/server/money-writes/approvals.ts). */
export interface ApprovalRequestsTable {
  id: string;
  environment: string;
  rail: string;
  reference: string;
  /** The exact reviewed bytes, sent as they are once approved. */
  request_body: string;
  amount: string;
  currency: string;
  /** The beneficiary as the queue shows it (account masked). */
  beneficiary: string;
  maker_email: string;
  maker_role: string;
  /** The policy that matched, as it was when the request was made. */
  policy: ColumnType<unknown, string, string>;
  created_at: CreatedTimestamp;
  expires_at: Timestamp;
  /** requested, approved, rejected, expired, sent or failed (checked by the table). */
  status: ColumnType<string, string | undefined, string>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  reason: string | null;
  code: string | null;
  transaction_id: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The approval policy in force per environment and currency (0026); threshold null: every payout. */
interface ApprovalPoliciesTable {
  environment: string;
  currency: string;
  threshold: string | null;
  set_by: string;
  confirmed_by: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A policy change waiting for a second admin (0026). */
interface ApprovalPolicyChangesTable {
  id: string;
  environment: string;
  currency: string;
  action: string;
  threshold: string | null;
  proposed_by: string;
  proposed_at: CreatedTimestamp;
  status: ColumnType<string, string | undefined, string>;
  decided_by: string | null;
  decided_at: Timestamp | null;
}

/** Invitations and password-reset links (0023): the token's SHA-256 only; single use, expiring, revocable. */
export interface StaffTokensTable {
  id: Generated<string>;
  kind: "invite" | "reset";
  token_hash: string;
  email: string;
  name: string | null;
  role: string | null;
  created_by: string;
  created_at: CreatedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  needs_confirmation: ColumnType<boolean, boolean | undefined, boolean>;
  confirmed_by: string | null;
  confirmed_at: Timestamp | null;
  emailed: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface Database {
  app_meta: AppMetaTable;
  staff_users: StaffUsersTable;
  sign_in_throttle: SignInThrottleTable;
  money_writes: MoneyWritesTable;
  europe_payouts: EuropePayoutsTable;
  market_pauses: MarketPausesTable;
  webhook_changes: WebhookChangesTable;
  audit_log: AuditLogTable;
  audit_chain_base: AuditChainBaseTable;
  audit_keyed_from: AuditKeyedFromTable;
  staff_sessions: StaffSessionsTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_code_failures: StaffCodeFailuresTable;
  staff_notices: StaffNoticesTable;
  money_write_summaries: MoneyWriteSummariesTable;
  transaction_status_seen: TransactionStatusSeenTable;
  approval_requests: ApprovalRequestsTable;
  approval_policies: ApprovalPoliciesTable;
  approval_policy_changes: ApprovalPolicyChangesTable;
  staff_tokens: StaffTokensTable;
}
