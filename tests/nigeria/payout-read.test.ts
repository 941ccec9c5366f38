// Issue 55: the payout page said "Completed: Not yet" beside "complete", "Created: —" and
// "Merchant reference: —", because the poll answer (§2.4) carries none of the three.
import { describe, expect, it } from "vitest";
import type { PaymentsClient } from "@/lib/payments";
import type { NigeriaPayout } from "@/lib/payments/schemas/nigeria";
import { MemoryWriteLedger } from "@/lib/server/money-writes/ledger";
import { getNigeriaPayout } from "@/features/nigeria/server/ngn-payout-reads";
import type { TransactionRow } from "@/lib/transaction-row";
import { tx } from "../transactions/fixtures";

/** A poll answer with §2.4's fields only. */
const poll = (status: NigeriaPayout["status"]): NigeriaPayout => ({
  transactionId: "tx_ngn_1",
  reference: "NGNP-000000000001",
  status,
  withdrawalStatus: status === "success" ? "completed" : "queued",
  settled: status !== "pending",
  amount: "1500.50",
  currency: "NGN",
  beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" },
  environment: "live",
});
const clientAnswering = (answer: NigeriaPayout) => ({ nigeria: { getPayout: () => Promise.resolve(answer) } }) as unknown as PaymentsClient;

const listedRow = (overrides: Partial<TransactionRow>) =>
  tx({ id: "tx_ngn_1", type: "payout", currency: "NGN", createdAt: "2026-12-06T10:00:00.000Z", ...overrides });

async function ledgerWith(transactionId: string, reference: string) {
  const ledger = new MemoryWriteLedger();
  const actor = { id: "f", email: "f@demo.test", role: "finance" };
  await ledger.reserve({
    environment: "live",
    rail: "ngn-payout",
    reference,
    idempotencyKey: "k",
    fingerprint: "fp",
    actor,
    requestBody: "{}",
  });
  await ledger.record("live", "ngn-payout", reference, { state: "answered", transactionId, upstreamStatus: 201 });
  return ledger;
}

describe("a Nigeria payout as its page shows it", () => {
  it("takes its times from the transaction list and its merchant reference from the write ledger", async () => {
    const ledger = await ledgerWith("tx_ngn_1", "NGN-OPERATOR-42");
    const listed = listedRow({ status: "success", completedAt: "2026-12-06T10:03:00.000Z" });
    const dto = await getNigeriaPayout("tx_ngn_1", clientAnswering(poll("success")), "live", {
      ledger,
      listed: () => listed,
      fresh: () => Promise.reject(new Error("not asked: the list holds it")),
    });
    expect(dto).toMatchObject({
      createdAt: "2026-12-06T10:00:00.000Z",
      completedAt: "2026-12-06T10:03:00.000Z",
      merchantReference: "NGN-OPERATOR-42",
    });
  });

  it("reads the transaction afresh when the list's copy is older than the poll; no completion time for a pending payout", async () => {
    const stale = listedRow({ status: "pending", completedAt: null });
    const fresh = listedRow({ status: "success", completedAt: "2026-12-06T10:03:00.000Z" });
    const done = await getNigeriaPayout("tx_ngn_1", clientAnswering(poll("success")), "live", {
      ledger: new MemoryWriteLedger(),
      listed: () => stale,
      fresh: () => Promise.resolve(fresh),
    });
    expect([done.completedAt, done.merchantReference]).toEqual(["2026-12-06T10:03:00.000Z", null]);
    const pending = await getNigeriaPayout("tx_ngn_1", clientAnswering(poll("pending")), "live", {
      ledger: new MemoryWriteLedger(),
      listed: () => stale,
      fresh: () => Promise.reject(new Error("not asked: the list has its creation time")),
    });
    expect([pending.createdAt, pending.completedAt]).toEqual(["2026-12-06T10:00:00.000Z", null]);
  });

  it("shows nothing it could not learn: a failed fresh read leaves the times unknown, not the page", async () => {
    const dto = await getNigeriaPayout("tx_ngn_1", clientAnswering(poll("success")), "live", {
      ledger: new MemoryWriteLedger(),
      listed: () => undefined,
      fresh: () => Promise.reject(new Error("503")),
    });
    expect([dto.status, dto.createdAt, dto.completedAt]).toEqual(["success", null, null]);
  });

  it("keeps what the answer itself says", async () => {
    const answer = {
      ...poll("success"),
      createdAt: "2026-12-06T09:00:00.000Z",
      completedAt: "2026-12-06T09:05:00.000Z",
      merchantReference: "FROM-API",
    };
    const dto = await getNigeriaPayout("tx_ngn_1", clientAnswering(answer), "live", {
      ledger: await ledgerWith("tx_ngn_1", "FROM-LEDGER"),
      listed: () => listedRow({ completedAt: "2026-12-06T10:03:00.000Z" }),
      fresh: () => Promise.reject(new Error("not asked")),
    });
    expect([dto.createdAt, dto.completedAt, dto.merchantReference]).toEqual([
      "2026-12-06T09:00:00.000Z",
      "2026-12-06T09:05:00.000Z",
      "FROM-API",
    ]);
  });
});
