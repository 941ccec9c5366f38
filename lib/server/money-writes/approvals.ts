import "server-only";
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Environment } from "@/lib/rails";
import type { ApprovalRequestsTable, Database } from "../db/schema";
import type { AuditActor, AuditInput } from "../audit/entry";
import type { HoldRequest, MatchedPolicy, PolicyDecision, PolicyRequest } from "./hooks";
import type { WriteKind } from "./write-kinds";
import { failureFields, logger } from "../logger";

// Maker-checker (issue 59): the approval requests of held payouts and the policies that hold
// them, in Postgres (migration 0026), so every instance sees one queue and a restart loses
// nothing. Each change of a request's status is one conditional UPDATE: of two instances (or
// two approvers) acting on one request at once, exactly one moves it. Rejection and expiry
// spend the reference in the same transaction (the ledger row becomes `failed`), so no other
// write can take it and the maker starts again with a new one.

/** The payout rails a policy can hold, and the currency of the request's amount on each. */
const PAYOUT_CURRENCY: Partial<Record<WriteKind, string>> = {
  "ngn-payout": "NGN",
  "bangladesh-payout": "BDT",
  "brazil-payout": "BRL",
  "europe-payout": "EUR",
};

export type ApprovalStatus = "requested" | "approved" | "rejected" | "expired" | "sent" | "failed";

export type ApprovalRequest = {
  id: string;
  environment: Environment;
  rail: WriteKind;
  reference: string;
  requestBody: string;
  amount: string;
  currency: string;
  beneficiary: string;
  makerEmail: string;
  makerRole: string;
  policy: MatchedPolicy;
  createdAt: Date;
  expiresAt: Date;
  status: ApprovalStatus;
  decidedBy: string | null;
  decidedAt: Date | null;
  reason: string | null;
  code: string | null;
  transactionId: string | null;
};

type Row = Selectable<ApprovalRequestsTable>;

function toRequest(row: Row): ApprovalRequest {
  return {
    id: row.id,
    environment: row.environment as Environment,
    rail: row.rail as WriteKind,
    reference: row.reference,
    requestBody: row.request_body,
    amount: row.amount,
    currency: row.currency,
    beneficiary: row.beneficiary,
    makerEmail: row.maker_email,
    makerRole: row.maker_role,
    policy: row.policy as MatchedPolicy,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: row.status as ApprovalStatus,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    reason: row.reason,
    code: row.code,
    transactionId: row.transaction_id,
  };
}

/** Every digit but the last four as •, so the queue names the account without showing it. */
function maskAccount(account: string): string {
  const visible = account.slice(-4);
  return `${"•".repeat(Math.max(0, Math.min(account.length - 4, 6)))}${visible}`;
}

type Body = {
  amount?: unknown;
  beneficiary?: {
    name?: unknown;
    accountName?: unknown;
    accountNumber?: unknown;
    walletNumber?: unknown;
    iban?: unknown;
    bankName?: unknown;
  };
  pixKey?: unknown;
};

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The beneficiary as the queue shows it: the name and the account, masked.
 * @internal
 */
export function beneficiaryOf(body: unknown): string {
  const { beneficiary = {}, pixKey } = (body ?? {}) as Body;
  const name = text(beneficiary.accountName) || text(beneficiary.name);
  const account = text(beneficiary.accountNumber) || text(beneficiary.walletNumber) || text(beneficiary.iban) || text(pixKey);
  const bank = text(beneficiary.bankName);
  return [name, account ? maskAccount(account.replace(/\s+/g, "")) : "", bank].filter(Boolean).join(" · ");
}

/** The request's amount as a Decimal ("1,000.50" as the forms print it reads as 1000.50), or null. */
function amountOf(body: unknown): Decimal | null {
  const raw = text((body as Body | null)?.amount).replace(/,/g, "");
  try {
    return raw ? new Decimal(raw) : null;
  } catch {
    return null;
  }
}

export type ApprovalPolicy = {
  environment: Environment;
  currency: string;
  threshold: string | null;
  setBy: string;
  confirmedBy: string;
  updatedAt: Date;
};

export async function listPolicies(db: Kysely<Database>, environment: Environment): Promise<ApprovalPolicy[]> {
  const rows = await db.selectFrom("approval_policies").selectAll().where("environment", "=", environment).orderBy("currency").execute();
  return rows.map((row) => ({
    environment: row.environment as Environment,
    currency: row.currency,
    threshold: row.threshold,
    setBy: row.set_by,
    confirmedBy: row.confirmed_by,
    updatedAt: row.updated_at,
  }));
}

/**
 * The pipeline's policy hook: a payout whose amount (in the request's currency) is at or above
 * its currency's threshold, or any payout under an "every payout" policy, is held.
 */
export function approvalPolicy(db: () => Kysely<Database>) {
  return async ({ environment, rail, body }: PolicyRequest): Promise<PolicyDecision> => {
    const currency = PAYOUT_CURRENCY[rail];
    if (!currency) return { outcome: "allow" };
    const policy = await db()
      .selectFrom("approval_policies")
      .select("threshold")
      .where("environment", "=", environment)
      .where("currency", "=", currency)
      .executeTakeFirst();
    if (!policy) return { outcome: "allow" };
    const amount = amountOf(body);
    const matched: MatchedPolicy = { currency, amount: amount?.toFixed() ?? text((body as Body).amount), threshold: policy.threshold };
    if (policy.threshold === null || amount === null || amount.gte(policy.threshold)) return { outcome: "hold", policy: matched };
    return { outcome: "allow" };
  };
}

/** The request's audit entry (action approval.<step>), under whoever or whatever took the step. */
export function approvalAudit(
  request: ApprovalRequest,
  step: ApprovalStatus,
  actor: AuditActor,
  extra: { requestId?: string | null; clientAddress?: string | null; details?: AuditInput["details"] } = {},
): AuditInput {
  return {
    actor,
    environment: request.environment,
    action: `approval.${step}`,
    targetIds: [request.id, ...(request.transactionId ? [request.transactionId] : [])],
    merchantReference: request.reference,
    requestId: extra.requestId ?? null,
    clientAddress: extra.clientAddress ?? null,
    result: request.code ? `${step}:${request.code}` : step,
    details: { rail: request.rail, amount: request.amount, currency: request.currency, maker: request.makerEmail, ...extra.details },
  };
}

/**
 * A decision on a request still open: one conditional UPDATE, so of two deciders at once one
 * moves it; never by its maker, never past its time.
 */
function decide(
  db: Kysely<Database>,
  environment: Environment,
  id: string,
  by: string,
  decision: { status: "approved" } | { status: "rejected"; reason: string; code: string },
): Promise<Row | undefined> {
  return db
    .updateTable("approval_requests")
    .set({ ...decision, decided_by: by, decided_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where("environment", "=", environment)
    .where("id", "=", id)
    .where("status", "=", "requested")
    .where("expires_at", ">", sql<Date>`now()`)
    .where("maker_email", "<>", by)
    .returningAll()
    .executeTakeFirst();
}

export type ApprovalStore = ReturnType<typeof approvalStore>;

/**
 * The store behind the queue. `audit` appends an entry (the app's trail); `ttlSeconds` is
 * APPROVAL_TTL_SECONDS. Times are the database's: every instance expires by one clock.
 */
export function approvalStore(
  db: Kysely<Database>,
  audit: (input: AuditInput) => Promise<void>,
  ttlSeconds: number,
  /** Tells approvers of a new request (approval-mail.ts); not awaited by the maker's answer. */
  notify?: (request: ApprovalRequest) => Promise<void>,
) {
  /** Spends a held reference: its ledger row becomes failed with `code` (only while still held). */
  const spend = (trx: Kysely<Database>, request: Pick<Row, "environment" | "rail" | "reference">, code: string) =>
    trx
      .updateTable("money_writes")
      .set({ state: "failed", code, request_body: null, updated_at: sql<Date>`date_trunc('milliseconds', now())` })
      .where("environment", "=", request.environment)
      .where("rail", "=", request.rail)
      .where("reference", "=", request.reference)
      .where("state", "=", "held")
      .execute();

  /** The requests of one environment, every column: each read below narrows it. */
  const requestsIn = (environment: Environment) => db.selectFrom("approval_requests").selectAll().where("environment", "=", environment);

  /**
   * Expires every request past its time, atomically: whichever instance reads first moves each
   * (the UPDATE's row lock), spends its reference and writes its one audit entry.
   */
  async function expireDue(environment: Environment): Promise<void> {
    const expired = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable("approval_requests")
        .set({ status: "expired", code: "approval_expired", updated_at: sql<Date>`now()` })
        .where("environment", "=", environment)
        .where("status", "=", "requested")
        .where("expires_at", "<=", sql<Date>`now()`)
        .returningAll()
        .execute();
      for (const row of rows) await spend(trx, row, "approval_expired");
      return rows;
    });
    for (const row of expired) await audit(approvalAudit(toRequest(row), "expired", { kind: "job", id: "approval-expiry" }));
  }

  return {
    expireDue,

    /** The pipeline's hold hook: the request of a held write, made once (the same reference finds it again). */
    hold: async ({ record, bytes, policy, requestId, clientAddress }: HoldRequest): Promise<string> => {
      const body = JSON.parse(bytes) as unknown;
      const inserted = await db
        .insertInto("approval_requests")
        .values({
          id: `apr_${randomUUID().replace(/-/g, "").slice(0, 20)}`,
          environment: record.environment,
          rail: record.rail,
          reference: record.reference,
          request_body: bytes,
          amount: policy.amount,
          currency: policy.currency,
          beneficiary: beneficiaryOf(body),
          maker_email: record.actor.email,
          maker_role: record.actor.role,
          policy: JSON.stringify(policy),
          expires_at: sql<Date>`now() + ${ttlSeconds}::double precision * interval '1 second'`,
        })
        .onConflict((conflict) => conflict.columns(["environment", "rail", "reference"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) {
        await audit(
          approvalAudit(
            toRequest(inserted),
            "requested",
            { kind: "staff", ...record.actor },
            {
              requestId,
              clientAddress,
              details: { threshold: policy.threshold ?? "every payout" },
            },
          ),
        );
        if (notify) void notify(toRequest(inserted)).catch((error: unknown) => logger.warn("approvers not notified", failureFields(error)));
        return inserted.id;
      }
      const existing = await db
        .selectFrom("approval_requests")
        .select("id")
        .where("environment", "=", record.environment)
        .where("rail", "=", record.rail)
        .where("reference", "=", record.reference)
        .executeTakeFirstOrThrow();
      return existing.id;
    },

    /** One request, after expiring what is due (a request past its time never reads as open). */
    async find(environment: Environment, id: string): Promise<ApprovalRequest | undefined> {
      await expireDue(environment);
      const row = await requestsIn(environment).where("id", "=", id).executeTakeFirst();
      return row ? toRequest(row) : undefined;
    },

    /** The open queue (requested, oldest first) and the newest decided ones. */
    async list(environment: Environment): Promise<{ open: ApprovalRequest[]; recent: ApprovalRequest[] }> {
      await expireDue(environment);
      const open = await requestsIn(environment)
        .where("status", "in", ["requested", "approved"])
        .orderBy("created_at")
        .limit(200)
        .execute();
      const recent = await requestsIn(environment)
        .where("status", "not in", ["requested", "approved"])
        .orderBy("updated_at", "desc")
        .limit(20)
        .execute();
      return { open: open.map(toRequest), recent: recent.map(toRequest) };
    },

    /** `maker`'s own requests, newest first, whatever became of them. */
    async listByMaker(environment: Environment, maker: string, limit: number): Promise<ApprovalRequest[]> {
      await expireDue(environment);
      const rows = await requestsIn(environment).where("maker_email", "=", maker).orderBy("created_at", "desc").limit(limit).execute();
      return rows.map(toRequest);
    },

    async countOpen(environment: Environment): Promise<number> {
      await expireDue(environment);
      const { count } = await db
        .selectFrom("approval_requests")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("environment", "=", environment)
        .where("status", "=", "requested")
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * requested → approved by `approver`, only if still requested, not expired and not the maker's
     * own. Undefined when it moved (another approver first, expired, decided).
     */
    async markApproved(environment: Environment, id: string, approver: string): Promise<ApprovalRequest | undefined> {
      const row = await decide(db, environment, id, approver, { status: "approved" });
      return row ? toRequest(row) : undefined;
    },

    /** requested → rejected with a reason, spending the reference in the same transaction. */
    async markRejected(environment: Environment, id: string, by: string, reason: string): Promise<ApprovalRequest | undefined> {
      const row = await db.transaction().execute(async (trx) => {
        const rejected = await decide(trx, environment, id, by, { status: "rejected", reason, code: "approval_rejected" });
        if (rejected) await spend(trx, rejected, "approval_rejected");
        return rejected;
      });
      return row ? toRequest(row) : undefined;
    },

    /** approved → sent (with the payout's id) or failed (with our code): how the approval's send ended. */
    async markOutcome(
      environment: Environment,
      id: string,
      outcome: { status: "sent"; transactionId: string | null; code?: string | null } | { status: "failed"; code: string },
    ): Promise<ApprovalRequest | undefined> {
      const row = await db
        .updateTable("approval_requests")
        .set({
          status: outcome.status,
          updated_at: sql<Date>`now()`,
          ...(outcome.status === "sent" ? { transaction_id: outcome.transactionId, code: outcome.code ?? null } : { code: outcome.code }),
        })
        .where("environment", "=", environment)
        .where("id", "=", id)
        .where("status", "=", "approved")
        .returningAll()
        .executeTakeFirst();
      return row ? toRequest(row) : undefined;
    },

    /** Spends a held reference whose approval failed before anything was sent (a changed account name). */
    async failHeld(environment: Environment, id: string, code: string): Promise<ApprovalRequest | undefined> {
      const row = await db.transaction().execute(async (trx) => {
        const failed = await trx
          .updateTable("approval_requests")
          .set({ status: "failed", code, updated_at: sql<Date>`now()` })
          .where("environment", "=", environment)
          .where("id", "=", id)
          .where("status", "in", ["requested", "approved"])
          .returningAll()
          .executeTakeFirst();
        if (failed) await spend(trx, failed, code);
        return failed;
      });
      return row ? toRequest(row) : undefined;
    },
  };
}
