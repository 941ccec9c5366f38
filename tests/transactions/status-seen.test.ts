// "Seen by the console at": one row per (environment, transaction, status), the first sighting
// kept whichever instance saw it first; the sync tells of new pending rows and changed rows.
import { describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/server/logger";
import { StatusSightings } from "@/features/transactions/server/status-seen";
import { TransactionSync } from "@/features/transactions/server/sync";
import type { TransactionSource } from "@/features/transactions/server/source";
import type { TransactionRow } from "@/lib/transaction-row";
import { tx } from "./fixtures";
import { setupTestDatabase } from "../support/db";

vi.mock("@/lib/server/logger", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() },
}));

const database = setupTestDatabase();

const seenRows = (environment: string) =>
  database.db
    .selectFrom("transaction_status_seen")
    .select(["transaction_id", "status", "seen_at"])
    .where("environment", "=", environment)
    .orderBy("transaction_id")
    .orderBy("seen_at")
    .execute();

const row = (id: string, status: TransactionRow["status"]): TransactionRow => tx({ id, status, platformOrderId: `PO-${id}` });

describe("StatusSightings", () => {
  it("keeps the first sighting of each status, shared by two instances", async () => {
    const a = new StatusSightings("live", () => database.db);
    const b = new StatusSightings("live", () => database.db);
    a.saw([{ id: "tx_1", status: "pending" }]);
    await a.settled();
    const [first] = await seenRows("live");
    b.saw([
      { id: "tx_1", status: "pending" },
      { id: "tx_1", status: "success" },
    ]);
    await b.settled();
    const rows = await seenRows("live");
    expect(rows.map((r) => r.status)).toEqual(["pending", "success"]);
    expect(rows[0]!.seen_at).toEqual(first!.seen_at);
    expect(await seenRows("test")).toEqual([]);
  });

  it("logs a failed write and writes it when it is seen again", async () => {
    let broken = true;
    const sightings = new StatusSightings("test", () => {
      if (broken) throw new Error("database down");
      return database.db;
    });
    sightings.saw([{ id: "tx_retry", status: "failed" }]);
    await sightings.settled();
    expect(await seenRows("test")).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith("transaction statuses seen not recorded", expect.anything());
    broken = false;
    sightings.saw([{ id: "tx_retry", status: "failed" }]);
    await sightings.settled();
    expect((await seenRows("test")).map((r) => r.transaction_id)).toEqual(["tx_retry"]);
  });
});

describe("TransactionSync's onStatusSeen", () => {
  it("is told of new pending rows and of changed rows, not of rows first seen settled", async () => {
    let rows = [row("tx_a", "pending"), row("tx_b", "success"), row("tx_c", "pending")];
    const source: TransactionSource = {
      listTransactions: () => Promise.resolve({ items: rows, unreadable: [], total: rows.length, offset: 0 }),
      getTransaction: (id) => Promise.resolve(rows.find((r) => r.id === id)!),
    };
    const told: string[][] = [];
    const sync = new TransactionSync(source, {
      minRefreshIntervalMs: 0,
      onStatusSeen: (seen) => told.push(seen.map((r) => `${r.id}:${r.status}`)),
    });
    sync.ensureLoaded();
    await sync.idle();
    expect(told.flat().sort()).toEqual(["tx_a:pending", "tx_c:pending"]);
    told.length = 0;
    rows = [row("tx_a", "success"), row("tx_b", "success"), row("tx_c", "pending"), row("tx_d", "failed")];
    sync.refresh(0);
    await sync.idle();
    expect(told.flat()).toEqual(["tx_a:success"]);
    sync.upsert(row("tx_b", "success"));
    sync.upsert(row("tx_b", "failed"));
    expect(told.flat()).toEqual(["tx_a:success", "tx_b:failed"]);
  });
});
