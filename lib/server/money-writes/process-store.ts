import "server-only";
import type { Kysely } from "kysely";
import { db } from "../db/app";
import type { Database } from "../db/schema";
import { recordAudit } from "../audit/app";
import { auditMoneyWrite } from "../audit/write-hook";
import { env } from "../env";
import { mailConfigured, sendMail } from "../mail";
import { approverNotifier } from "./approval-mail";
import { approvalPolicy, approvalStore, type ApprovalStore } from "./approvals";
import type { WriteHooks } from "./hooks";
import { processOwner } from "./owner";
import { PgWriteLedger } from "./pg-ledger";
import { summaryOf } from "./summary";
import type { Pipeline } from "./pipeline";

// The pipeline's store and hooks for this process: the ledger in Postgres, shared
// by every instance and kept across restarts. On globalThis: pages and route
// handlers are bundled separately, and each must see the same pipeline. Made
// again if the pool is (closeDb, in tests), so it never holds a closed one.
const holder = globalThis as unknown as {
  __moneyWritePipeline?: { database: Kysely<Database>; pipeline: Pipeline; approvals: ApprovalStore };
};

function current() {
  const database = db();
  if (holder.__moneyWritePipeline?.database !== database) {
    const notify = mailConfigured() ? approverNotifier(database, sendMail, env().publicOrigin) : undefined;
    const approvals = approvalStore(database, recordAudit, env().approvalTtlSeconds, notify);
    // The approval policies may hold a payout for a second person; every write's intent and outcome go to the audit trail.
    const hooks: WriteHooks = { policy: approvalPolicy(db), audit: auditMoneyWrite, hold: approvals.hold };
    holder.__moneyWritePipeline = {
      database,
      approvals,
      pipeline: { ledger: new PgWriteLedger(database, processOwner()), hooks, summarise: summaryOf },
    };
  }
  return holder.__moneyWritePipeline;
}

export function moneyWrites(): Pipeline {
  return current().pipeline;
}

/** The approval requests of held payouts (maker-checker), on the same pool as the ledger. */
export function approvals(): ApprovalStore {
  return current().approvals;
}
