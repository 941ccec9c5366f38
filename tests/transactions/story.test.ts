// A payment's story (issue 57): who made it from the console, its masked summary, the first
// sighting of each status, and the trail's entries about this payment alone, with staff names and
// nothing else of an entry (no address, request id or key), so support may read it.
import { describe, expect, it, vi } from "vitest";
import { createAuditLog } from "@/lib/server/audit/log";
import type { AuditInput } from "@/lib/server/audit/entry";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import type { WriteSummary } from "@/lib/server/money-writes/summary";
import type { WriteKind } from "@/lib/server/money-writes/write-kinds";
import { readPaymentStory } from "@/features/transactions/server/story";
import { setupTestDatabase } from "../support/db";

vi.mock("@/lib/server/env", () => ({ env: () => ({ auditKey: "a".repeat(40) }) }));

const database = setupTestDatabase();
const KEY = "k".repeat(40);
const finance = { id: "fola@demo.test", email: "fola@demo.test", role: "finance" };

const entry = (over: Partial<AuditInput>): AuditInput => ({
  actor: { kind: "staff", ...finance },
  environment: "live",
  action: "money_write.intent",
  idempotencyKey: "ngn-payout:live:SECRET-KEY-HASH",
  requestId: "req-SECRET",
  clientAddress: "203.0.113.9",
  result: "reserved",
  details: { rail: "ngn-payout" },
  ...over,
});

/** A write reserved by finance in the ledger, with the summary given (none: a write from before 0021). */
async function reserved(environment: "test" | "live", rail: WriteKind, reference: string, summary?: WriteSummary) {
  const ledger = new PgWriteLedger(database.db);
  await ledger.reserve({
    environment,
    rail,
    reference,
    idempotencyKey: `k-${reference}`,
    fingerprint: "f",
    actor: finance,
    requestBody: "{}",
    summary,
  });
  return ledger;
}

describe("readPaymentStory", () => {
  it("tells who created it, what was sent (masked), each status first seen, and only this payment's steps", async () => {
    await database.db
      .insertInto("staff_users")
      .values({ email: finance.email, name: "Fola Finance", role: "finance", password_hash: "scrypt$not-a-real-hash" })
      .execute();
    const ledger = await reserved("live", "ngn-payout", "NGN-STORY-1", {
      amount: "1500.00",
      currency: "NGN",
      bankName: "Guaranty Trust Bank",
      accountLast4: "6789",
      accountSuffixes: [],
    });
    await ledger.record("live", "ngn-payout", "NGN-STORY-1", { state: "unknown", code: "no_answer", upstreamStatus: null });
    await ledger.record("live", "ngn-payout", "NGN-STORY-1", {
      state: "answered",
      transactionId: "tx_story",
      upstreamStatus: null,
      payoutReference: "NGNP-STORY",
    });
    await database.db
      .insertInto("transaction_status_seen")
      .values([
        { environment: "live", transaction_id: "tx_story", status: "pending", seen_at: "2026-12-06T10:00:05Z" },
        { environment: "live", transaction_id: "tx_story", status: "success", seen_at: "2026-12-06T10:05:00Z" },
        { environment: "test", transaction_id: "tx_story", status: "failed", seen_at: "2026-12-06T10:05:00Z" },
      ])
      .execute();
    const log = createAuditLog(database.db, { key: KEY });
    await log.append(entry({ merchantReference: "NGN-STORY-1" }));
    await log.append(entry({ action: "money_write.outcome", merchantReference: "NGN-STORY-1", result: "unknown:no_answer" }));
    await log.append(entry({ merchantReference: "NGN-STORY-1", result: "resending" }));
    await log.append(
      entry({
        action: "money_write.outcome",
        merchantReference: "NGN-STORY-1",
        targetIds: ["tx_story"],
        result: "answered",
        details: { rail: "ngn-payout", via: "lookup" },
      }),
    );
    // Not about this payment: another write, the same reference in test, a sign-in.
    await log.append(entry({ merchantReference: "NGN-OTHER", targetIds: ["tx_other"] }));
    await log.append(entry({ environment: "test", merchantReference: "NGN-STORY-1" }));
    await log.append(entry({ action: "sign_in", result: "ok", details: {} }));

    const story = await readPaymentStory("live", "tx_story", database.db);
    expect(story.console).toEqual({
      createdBy: "Fola Finance",
      createdAt: expect.any(String),
      rail: "ngn-payout",
      merchantReference: "NGN-STORY-1",
      state: "answered",
      summary: { amount: "1500.00", currency: "NGN", bankName: "Guaranty Trust Bank", accountLast4: "6789", payoutReference: "NGNP-STORY" },
    });
    expect(story.statusesSeen).toEqual([
      { status: "pending", seenAt: "2026-12-06T10:00:05.000Z" },
      { status: "success", seenAt: "2026-12-06T10:05:00.000Z" },
    ]);
    expect(story.events.map((e) => [e.what, e.by])).toEqual([
      ["Created in the console and sent to the API", "Fola Finance"],
      ["No answer from the API (no answer)", "Fola Finance"],
      ["Sent again (check again)", "Fola Finance"],
      ["Checked again: the API has it", "Fola Finance"],
    ]);
    const text = JSON.stringify(story);
    for (const secret of ["203.0.113.9", "req-SECRET", "SECRET-KEY-HASH", "fola@demo.test"]) expect(text).not.toContain(secret);
  });

  it("says a payment came from outside the console, with its Europe approval if this console approved it", async () => {
    const log = createAuditLog(database.db, { key: KEY });
    await log.append(entry({ merchantReference: "tx_eu", details: { rail: "europe-approve" } }));
    await log.append(
      entry({
        action: "money_write.outcome",
        merchantReference: "tx_eu",
        targetIds: ["tx_eu"],
        result: "answered",
        details: { rail: "europe-approve" },
      }),
    );
    const story = await readPaymentStory("live", "tx_eu", database.db);
    expect(story.console).toBeNull();
    expect(story.events.map((e) => e.what)).toEqual(["Approval sent to the API", "Approved"]);
    expect(story.events.map((e) => e.by)).toEqual(["Fola Finance", "Fola Finance"]);
  });

  it("reads a write from before summaries as not recorded", async () => {
    const ledger = await reserved("test", "brazil-payout", "BR-OLD");
    await ledger.record("test", "brazil-payout", "BR-OLD", { state: "answered", transactionId: "tx_br_old", upstreamStatus: null });
    expect((await readPaymentStory("test", "tx_br_old", database.db)).console).toMatchObject({
      summary: null,
      merchantReference: "BR-OLD",
    });
  });
});
