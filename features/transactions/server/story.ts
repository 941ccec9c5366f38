import "server-only";
import { sql, type Kysely, type SqlBool } from "kysely";
import type { PaymentStory, StoryEvent } from "@/features/transactions/contracts";
import type { Environment } from "@/lib/rails";
import { db } from "@/lib/server/db/app";
import type { Database } from "@/lib/server/db/schema";
import { consoleWriteOf } from "@/lib/server/money-writes/summary-store";
import { statusSightings } from "./status-seen";

// A payment's story (issue 57), for anyone who may read transactions, support included: who
// created it from the console and when, its masked summary, the first time the console saw each
// status, and the trail's entries about this payment alone (its create, Europe approvals, "check
// again" replays), told with staff names and nothing else of the entry: no address, request id
// or key. Reading it needs no audit:read: only entries about this payment are read.

type TrailRow = {
  at: Date;
  action: string;
  result: string;
  rail: string | null;
  via: string | null;
  actor_kind: string;
  by: string | null;
};

/** What an entry of the trail says, in words support can read to a caller. */
function eventOf(row: TrailRow): StoryEvent {
  const by = row.actor_kind === "job" ? "the console (start-up check)" : (row.by ?? "a staff member no longer on the console");
  const [state, code] = row.result.split(":", 2) as [string, string | undefined];
  const because = code ? ` (${code.replaceAll("_", " ")})` : "";
  const approve = row.rail === "europe-approve";
  let what: string;
  if (row.action === "money_write.intent") {
    what = approve
      ? "Approval sent to the API"
      : state === "resending"
        ? "Sent again (check again)"
        : "Created in the console and sent to the API";
  } else if (state === "answered") {
    what = approve
      ? "Approved"
      : row.via === "lookup"
        ? "Checked again: the API has it"
        : row.via === "reconcile"
          ? "Start-up check: the API has it"
          : "Accepted by the API";
  } else if (state === "unknown") what = `No answer from the API${because}`;
  else if (state === "failed") what = `${approve ? "Approval refused" : "Refused by the API"}${because}`;
  else if (state === "kept") what = `Sent again, refused before the API looked${because}`;
  else if (state === "freed") what = `Refused before the API kept it${because}`;
  else what = row.result;
  return { at: row.at.toISOString(), what, by };
}

/** The trail's money-write entries about this payment: by its id, or by its write's reference (the intent precedes the id). */
async function trailOf(
  database: Kysely<Database>,
  environment: Environment,
  transactionId: string,
  write: { rail: string; reference: string } | null,
) {
  const references = write ? [transactionId, write.reference] : [transactionId];
  const rails = write ? [write.rail, "europe-approve"] : ["europe-approve"];
  return database
    .selectFrom("audit_log as a")
    .leftJoin("staff_users as u", "u.email", "a.actor_email")
    .select([
      "a.at",
      "a.action",
      "a.result",
      "a.actor_kind",
      sql<string | null>`a.details->>'rail'`.as("rail"),
      sql<string | null>`a.details->>'via'`.as("via"),
      sql<string | null>`coalesce(nullif(u.name, ''), a.actor_email)`.as("by"),
    ])
    .where(
      sql<SqlBool>`a.id = any(array(
        select id from audit_log where target_ids @> array[${transactionId}]::text[]
        union select id from audit_log where merchant_reference = any(${references}::text[])))`,
    )
    .where("a.environment", "=", environment)
    .where("a.action", "in", ["money_write.intent", "money_write.outcome"])
    .where(sql<SqlBool>`coalesce(a.details->>'rail', '') = any(${rails}::text[])`)
    .orderBy("a.id")
    .limit(200)
    .execute();
}

export async function readPaymentStory(environment: Environment, transactionId: string, database = db()): Promise<PaymentStory> {
  // A read a moment ago (the page's own GET) may still be writing what it saw.
  await statusSightings(environment).settled();
  const write = await consoleWriteOf(database, environment, transactionId);
  const [seen, trail] = await Promise.all([
    database
      .selectFrom("transaction_status_seen")
      .select(["status", "seen_at"])
      .where("environment", "=", environment)
      .where("transaction_id", "=", transactionId)
      .orderBy("seen_at")
      .execute(),
    trailOf(database, environment, transactionId, write),
  ]);
  return {
    environment,
    transactionId,
    console: write
      ? {
          createdBy: write.createdBy.name || write.createdBy.email,
          createdAt: write.createdAt.toISOString(),
          rail: write.rail,
          merchantReference: write.reference,
          state: write.state,
          summary: write.summary,
        }
      : null,
    statusesSeen: seen.map((row) => ({ status: row.status, seenAt: row.seen_at.toISOString() })),
    events: trail.map(eventOf),
  };
}
