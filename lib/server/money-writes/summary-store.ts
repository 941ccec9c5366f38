import "server-only";
import { sql, type Kysely } from "kysely";
import type { MaskedWriteSummary } from "@/lib/contracts/write-summary";
import type { Environment } from "@/lib/rails";
import type { Database } from "../db/schema";
import { failureFields, logger } from "../logger";
import type { WriteState } from "./ledger";
import { accountSuffixHash } from "./summary";

// Reads of the console's writes with their masked summaries (money_write_summaries, 0021), for
// support's search and a payment's story, and the NGN payout reference a poll answer brings.

/** A write made from this console, as support may read it: masked, with who made it. */
export type ConsoleWrite = {
  environment: Environment;
  rail: string;
  reference: string;
  state: WriteState;
  transactionId: string | null;
  createdAt: Date;
  createdBy: { email: string; name: string | null };
  /** null for a write made before summaries were kept (or one with nothing to summarise): "not recorded". */
  summary: MaskedWriteSummary | null;
};

/** What a search asks of the summaries: any of these, in the environments given. */
export type WriteSearch = {
  environments: readonly Environment[];
  /** Lower case, compared with the merchant reference and the payout reference, whole. */
  text: string;
  amount: { value: string; currency: string | null; day: string | null; timeZone: string } | null;
  digits: string | null;
  limit: number;
};

export type FoundConsoleWrite = ConsoleWrite & {
  matched: { reference: boolean; payoutReference: boolean; amount: boolean; digits: boolean };
};

function base(database: Kysely<Database>) {
  return database
    .selectFrom("money_writes as w")
    .leftJoin("money_write_summaries as s", (join) =>
      join.onRef("s.environment", "=", "w.environment").onRef("s.rail", "=", "w.rail").onRef("s.reference", "=", "w.reference"),
    )
    .leftJoin("staff_users as u", "u.email", "w.actor_email")
    .select([
      "w.environment",
      "w.rail",
      "w.reference",
      "w.state",
      "w.transaction_id",
      "w.created_at",
      "w.actor_email",
      "u.name as actor_name",
      "s.reference as summary_reference",
      "s.amount",
      "s.currency",
      "s.bank_name",
      "s.account_last4",
      "s.payout_reference",
    ]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof base>["execute"]>>[number];

function toConsoleWrite(row: BaseRow): ConsoleWrite {
  return {
    environment: row.environment as Environment,
    rail: row.rail,
    reference: row.reference,
    state: row.state as WriteState,
    transactionId: row.transaction_id,
    createdAt: row.created_at,
    createdBy: { email: row.actor_email, name: row.actor_name ?? null },
    summary:
      row.summary_reference === null
        ? null
        : {
            amount: row.amount,
            currency: row.currency,
            bankName: row.bank_name,
            accountLast4: row.account_last4,
            payoutReference: row.payout_reference,
          },
  };
}

/** The console's writes a search finds, newest first (the approvals of Europe payouts are not payments: left out). */
export async function searchConsoleWrites(database: Kysely<Database>, search: WriteSearch): Promise<FoundConsoleWrite[]> {
  if (search.environments.length === 0) return [];
  const { text, amount, digits } = search;
  const digitsHash = digits ? accountSuffixHash(digits) : null;
  const amountMatch = amount
    ? sql<boolean>`(s.amount = ${amount.value}::numeric
        and (${amount.currency}::text is null or upper(s.currency) = ${amount.currency})
        and (${amount.day}::text is null or (w.created_at at time zone ${amount.timeZone})::date = ${amount.day}::date))`
    : sql<boolean>`false`;
  const digitsMatch = digitsHash ? sql<boolean>`(s.account_suffixes @> array[${digitsHash}]::text[])` : sql<boolean>`false`;
  const rows = await base(database)
    .select([
      sql<boolean>`lower(w.reference) = ${text}`.as("by_reference"),
      sql<boolean>`coalesce(lower(s.payout_reference) = ${text}, false)`.as("by_payout_reference"),
      sql<boolean>`coalesce(${amountMatch}, false)`.as("by_amount"),
      sql<boolean>`coalesce(${digitsMatch}, false)`.as("by_digits"),
    ])
    .where("w.environment", "in", [...search.environments])
    .where("w.rail", "<>", "europe-approve")
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["w.reference"]), "=", text),
        eb(eb.fn("lower", ["s.payout_reference"]), "=", text),
        eb(amountMatch, "=", true),
        eb(digitsMatch, "=", true),
      ]),
    )
    .orderBy("w.created_at", "desc")
    .limit(search.limit)
    .execute();
  return rows.map((row) => ({
    ...toConsoleWrite(row),
    matched: { reference: row.by_reference, payoutReference: row.by_payout_reference, amount: row.by_amount, digits: row.by_digits },
  }));
}

/** The console's write of a transaction, if this console made it (the payment, not a Europe approval of it). */
export async function consoleWriteOf(
  database: Kysely<Database>,
  environment: Environment,
  transactionId: string,
): Promise<ConsoleWrite | null> {
  const row = await base(database)
    .where("w.environment", "=", environment)
    .where("w.transaction_id", "=", transactionId)
    .where("w.rail", "<>", "europe-approve")
    .orderBy("w.created_at")
    .executeTakeFirst();
  return row ? toConsoleWrite(row) : null;
}

/** The NGN payout reference a poll answer carries, kept beside the console's write of it (the first one learnt stays). */
export async function keepPayoutReferenceOf(
  database: Kysely<Database>,
  environment: Environment,
  transactionId: string,
  payoutReference: string,
): Promise<void> {
  await database
    .updateTable("money_write_summaries as s")
    .set({ payout_reference: payoutReference })
    .from("money_writes as w")
    .whereRef("w.environment", "=", "s.environment")
    .whereRef("w.rail", "=", "s.rail")
    .whereRef("w.reference", "=", "s.reference")
    .where("w.environment", "=", environment)
    .where("w.transaction_id", "=", transactionId)
    .where("w.rail", "=", "ngn-payout")
    .where("s.payout_reference", "is", null)
    .execute()
    .catch((error: unknown) => logger.warn("payout reference not kept", failureFields(error)));
}
