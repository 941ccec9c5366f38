// Issue 57's ledger: each console write keeps a masked summary at intent (never the whole account
// number), the NGN payout reference from the create or a poll, and a release takes the summary
// with its row; support's search reads them by reference, payout reference, amount (exact
// decimals, a currency, a day) and an account's trailing digits.
import { describe, expect, it, vi } from "vitest";
import { MemoryWriteLedger, type WriteIntent } from "@/lib/server/money-writes/ledger";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import { summaryOf, type WriteSummary } from "@/lib/server/money-writes/summary";
import { consoleWriteOf, keepPayoutReferenceOf, searchConsoleWrites, type WriteSearch } from "@/lib/server/money-writes/summary-store";
import { runMoneyWrite, type WriteAdapter, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { NO_HOOKS } from "@/lib/server/money-writes/hooks";
import { setupTestDatabase } from "../support/db";

vi.mock("@/lib/server/env", () => ({ env: () => ({ auditKey: "a".repeat(40) }) }));

const database = setupTestDatabase();
const actor = { id: "finance@demo.test", email: "finance@demo.test", role: "finance" };

const NGN_BODY = {
  amount: "1500.00",
  merchantReference: "NGN-20261206-ABCD1234",
  beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "Ada Obi", bankName: "Guaranty Trust Bank" },
};

const intent = (reference: string, summary: WriteSummary | null, environment: "test" | "live" = "live"): WriteIntent => ({
  environment,
  rail: "ngn-payout",
  reference,
  idempotencyKey: `key-${reference}`,
  fingerprint: "fp",
  actor,
  requestBody: "{}",
  summary,
});

const search = (over: Partial<WriteSearch>): WriteSearch => ({
  environments: ["test", "live"],
  text: "",
  amount: null,
  digits: null,
  limit: 10,
  ...over,
});

describe("summaryOf", () => {
  const hash = (digits: string) => `h(${digits})`;

  it("keeps the amount, the rail's currency, the bank and the last 4 digits, never the whole number", () => {
    const summary = summaryOf("ngn-payout", NGN_BODY, hash)!;
    expect(summary).toEqual({
      amount: "1500.00",
      currency: "NGN",
      bankName: "Guaranty Trust Bank",
      accountLast4: "6789",
      accountSuffixes: ["h(6789)", "h(56789)", "h(456789)", "h(3456789)", "h(23456789)", "h(123456789)", "h(0123456789)"],
    });
    expect(JSON.stringify(summary)).not.toContain('0123456789"');
  });

  it("reads an IBAN's or a wallet's digits, a body's own currency, and nothing from writes without a summary", () => {
    expect(summaryOf("europe-payin", { amount: "10.5", currency: "GBP" }, hash)).toMatchObject({ currency: "GBP", accountLast4: null });
    expect(summaryOf("europe-payout", { amount: "10", beneficiary: { iban: "DE89 3704 0044 0532 0130 00" } }, hash)).toMatchObject({
      currency: "EUR",
      accountLast4: "3000",
    });
    expect(summaryOf("bangladesh-payout", { amount: "200", beneficiary: { walletNumber: "01712345678" } }, hash)?.accountLast4).toBe(
      "5678",
    );
    expect(summaryOf("europe-approve", { transactionId: "tx_1" }, hash)).toBeNull();
    expect(summaryOf("ngn-va", { bvn: "12345678901" }, hash)).toBeNull();
    // Not a decimal: not kept as an amount.
    expect(summaryOf("brazil-payout", { amount: "1e3" }, hash)?.amount).toBeNull();
  });
});

describe("the summary in Postgres", () => {
  it("is kept with a new write, and a payout reference from the create answer beside it", async () => {
    const ledger = new PgWriteLedger(database.db);
    await ledger.reserve(intent("NGN-KEEP-1", summaryOf("ngn-payout", NGN_BODY)));
    await ledger.record("live", "ngn-payout", "NGN-KEEP-1", {
      state: "answered",
      transactionId: "tx_keep_1",
      upstreamStatus: null,
      payoutReference: "NGNP-0001",
    });
    const write = await consoleWriteOf(database.db, "live", "tx_keep_1");
    expect(write).toMatchObject({
      reference: "NGN-KEEP-1",
      state: "answered",
      createdBy: { email: "finance@demo.test" },
      summary: { amount: "1500.00", currency: "NGN", bankName: "Guaranty Trust Bank", accountLast4: "6789", payoutReference: "NGNP-0001" },
    });
    const stored = await database.db
      .selectFrom("money_write_summaries")
      .selectAll()
      .where("reference", "=", "NGN-KEEP-1")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain("0123456789");
  });

  it("takes a poll's payout reference when the create answer had none, and keeps the first one learnt", async () => {
    const ledger = new PgWriteLedger(database.db);
    await ledger.reserve(intent("NGN-POLL-1", summaryOf("ngn-payout", NGN_BODY)));
    await ledger.record("live", "ngn-payout", "NGN-POLL-1", { state: "answered", transactionId: "tx_poll_1", upstreamStatus: null });
    await keepPayoutReferenceOf(database.db, "live", "tx_poll_1", "NGNP-POLL");
    await keepPayoutReferenceOf(database.db, "live", "tx_poll_1", "NGNP-OTHER");
    expect((await consoleWriteOf(database.db, "live", "tx_poll_1"))?.summary?.payoutReference).toBe("NGNP-POLL");
    // Another environment's payout of the same id is not touched.
    expect(await consoleWriteOf(database.db, "test", "tx_poll_1")).toBeNull();
  });

  it("goes with its row when the reference is released, and a write from before reads as not recorded", async () => {
    const ledger = new PgWriteLedger(database.db);
    await ledger.reserve(intent("NGN-FREED", summaryOf("ngn-payout", NGN_BODY)));
    await ledger.release("live", "ngn-payout", "NGN-FREED");
    expect(
      await database.db.selectFrom("money_write_summaries").select("reference").where("reference", "=", "NGN-FREED").execute(),
    ).toEqual([]);

    await ledger.reserve(intent("NGN-OLD", null));
    await ledger.record("live", "ngn-payout", "NGN-OLD", { state: "answered", transactionId: "tx_old", upstreamStatus: null });
    expect((await consoleWriteOf(database.db, "live", "tx_old"))?.summary).toBeNull();
  });

  it("is kept through the pipeline, which summarises the exact body it sends", async () => {
    const ledger = new PgWriteLedger(database.db);
    const adapter: WriteAdapter<typeof NGN_BODY, typeof NGN_BODY, { transactionId: string; reference: string }, string> = {
      rail: "ngn-payout",
      reference: (input) => input.merchantReference,
      prepare: (input) => input,
      send: () => Promise.resolve({ transactionId: "tx_pipe_1", reference: "NGNP-PIPE" }),
      transactionId: (answer) => answer.transactionId,
      payoutReference: (answer) => answer.reference,
      present: (answer) => answer.transactionId,
    };
    const ctx = { client: {}, mode: "live", actor, requestId: "r1" } as unknown as WriteContext;
    await runMoneyWrite({ ledger, hooks: NO_HOOKS, summarise: summaryOf }, adapter, { ...NGN_BODY, merchantReference: "NGN-PIPE-1" }, ctx);
    expect((await consoleWriteOf(database.db, "live", "tx_pipe_1"))?.summary).toMatchObject({
      accountLast4: "6789",
      payoutReference: "NGNP-PIPE",
    });
  });

  it("is not kept by the in-memory ledger, which has no table for it", async () => {
    const { record } = await new MemoryWriteLedger().reserve(intent("NGN-MEM", summaryOf("ngn-payout", NGN_BODY)));
    expect(record).not.toHaveProperty("summary");
  });
});

describe("searchConsoleWrites", () => {
  it("finds a write by its merchant reference or payout reference, ignoring case, in the environments asked", async () => {
    const ledger = new PgWriteLedger(database.db);
    await ledger.reserve(intent("NGN-FIND-REF", summaryOf("ngn-payout", NGN_BODY), "test"));
    await ledger.record("test", "ngn-payout", "NGN-FIND-REF", {
      state: "answered",
      transactionId: "tx_find_ref",
      upstreamStatus: null,
      payoutReference: "NGNP-FIND-REF",
    });
    const byRef = await searchConsoleWrites(database.db, search({ text: "ngn-find-ref" }));
    expect(byRef.map((w) => [w.reference, w.matched.reference, w.matched.payoutReference])).toEqual([["NGN-FIND-REF", true, false]]);
    const byPayout = await searchConsoleWrites(database.db, search({ text: "ngnp-find-ref" }));
    expect(byPayout.map((w) => [w.reference, w.matched.payoutReference])).toEqual([["NGN-FIND-REF", true]]);
    expect(await searchConsoleWrites(database.db, search({ text: "ngn-find-ref", environments: ["live"] }))).toEqual([]);
    expect(await searchConsoleWrites(database.db, search({ text: "ngn-find" }))).toEqual([]);
  });

  it("finds a write by amount exactly (1500 is 1500.00, not 1500.01), with a currency and a day in the searcher's zone", async () => {
    const ledger = new PgWriteLedger(database.db);
    await ledger.reserve(intent("NGN-AMOUNT-1", summaryOf("ngn-payout", { ...NGN_BODY, amount: "98765.40" }), "test"));
    const at = (
      await database.db.selectFrom("money_writes").select("created_at").where("reference", "=", "NGN-AMOUNT-1").executeTakeFirstOrThrow()
    ).created_at;
    const utcDay = at.toISOString().slice(0, 10);
    const found = async (amount: WriteSearch["amount"]) =>
      (await searchConsoleWrites(database.db, search({ text: "x", amount }))).map((w) => w.reference);
    const any = { currency: null, day: null, timeZone: "UTC" };
    expect(await found({ value: "98765.4", ...any })).toEqual(["NGN-AMOUNT-1"]);
    expect(await found({ value: "98765.400", ...any })).toEqual(["NGN-AMOUNT-1"]);
    expect(await found({ value: "98765.41", ...any })).toEqual([]);
    expect(await found({ value: "98765.4", ...any, currency: "NGN" })).toEqual(["NGN-AMOUNT-1"]);
    expect(await found({ value: "98765.4", ...any, currency: "BDT" })).toEqual([]);
    expect(await found({ value: "98765.4", ...any, day: utcDay })).toEqual(["NGN-AMOUNT-1"]);
    expect(await found({ value: "98765.4", ...any, day: "2001-01-01" })).toEqual([]);
    // The same instant is the next day 14 hours east of UTC or the day before 12 hours west, at some hour: one of them differs.
    const east = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" }).format(at);
    expect(await found({ value: "98765.4", ...any, day: east, timeZone: "Pacific/Kiritimati" })).toEqual(["NGN-AMOUNT-1"]);
  });

  it("finds a payout by the last 4 or more digits of its account, never by digits it does not end with", async () => {
    const ledger = new PgWriteLedger(database.db);
    const body = { ...NGN_BODY, beneficiary: { ...NGN_BODY.beneficiary, accountNumber: "9988776655" } };
    await ledger.reserve(intent("NGN-DIGITS-1", summaryOf("ngn-payout", body), "live"));
    const found = async (digits: string) => (await searchConsoleWrites(database.db, search({ text: "x", digits }))).map((w) => w.reference);
    expect(await found("6655")).toEqual(["NGN-DIGITS-1"]);
    expect(await found("776655")).toEqual(["NGN-DIGITS-1"]);
    expect(await found("9988776655")).toEqual(["NGN-DIGITS-1"]);
    expect(await found("1776655")).toEqual([]);
    expect(await found("9988")).toEqual([]);
  });

  it("lists newest first and leaves Europe approvals out", async () => {
    const ledger = new PgWriteLedger(database.db);
    await ledger.reserve(intent("SAME-AMOUNT-A", summaryOf("ngn-payout", { ...NGN_BODY, amount: "4242" }), "live"));
    await ledger.reserve(intent("SAME-AMOUNT-B", summaryOf("ngn-payout", { ...NGN_BODY, amount: "4242.00" }), "test"));
    await ledger.reserve({ ...intent("tx_approved", null, "live"), rail: "europe-approve" });
    const found = await searchConsoleWrites(
      database.db,
      search({ text: "tx_approved", amount: { value: "4242", currency: null, day: null, timeZone: "UTC" } }),
    );
    expect(found.map((w) => w.reference)).toEqual(["SAME-AMOUNT-B", "SAME-AMOUNT-A"]);
  });
});
