import "server-only";
import type { Kysely } from "kysely";
import { db } from "../db/app";
import type { Database } from "../db/schema";
import { auditMoneyWrite } from "../audit/write-hook";
import { NO_HOOKS, type WriteHooks } from "./hooks";
import { processOwner } from "./owner";
import { PgWriteLedger } from "./pg-ledger";
import { summaryOf } from "./summary";
import type { Pipeline } from "./pipeline";

// The pipeline's store and hooks for this process: the ledger in Postgres, shared
// by every instance and kept across restarts. On globalThis: pages and route
// handlers are bundled separately, and each must see the same pipeline. Made
// again if the pool is (closeDb, in tests), so it never holds a closed one.
const holder = globalThis as unknown as { __moneyWritePipeline?: { database: Kysely<Database>; pipeline: Pipeline } };

/** No approvals yet (policy allows); every write's intent and outcome go to the audit trail. */
const APP_HOOKS: WriteHooks = { policy: NO_HOOKS.policy, audit: auditMoneyWrite };

export function moneyWrites(): Pipeline {
  const database = db();
  if (holder.__moneyWritePipeline?.database !== database) {
    holder.__moneyWritePipeline = {
      database,
      pipeline: { ledger: new PgWriteLedger(database, processOwner()), hooks: APP_HOOKS, summarise: summaryOf },
    };
  }
  return holder.__moneyWritePipeline.pipeline;
}
