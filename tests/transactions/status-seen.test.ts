// "Seen by the console at": one row per (environment, transaction, status), the first sighting
// kept whichever instance saw it first; the sync tells of what is news, not of a first read's settled rows.
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

  it("records a first read's settled row only for a payment seen pending before", async () => {
    const earlier = new StatusSightings("live", () => database.db);
    earlier.saw([{ id: "tx_watched", status: "pending" }]);
    await earlier.settled();
    const sightings = new StatusSightings("live", () => database.db);
    sightings.sawSettledOnFirstRead([
      { id: "tx_watched", status: "success" },
      { id: "tx_history", status: "success" },
    ]);
    // Seen pending by this process after its first look at the table: watched too.
    sightings.saw([{ id: "tx_new", status: "pending" }]);
    sightings.sawSettledOnFirstRead([{ id: "tx_new", status: "failed" }]);
    await sightings.settled();
    const rows = (await seenRows("live")).filter((r) => ["tx_watched", "tx_history", "tx_new"].includes(r.transaction_id));
    expect(rows.map((r) => `${r.transaction_id}:${r.status}`)).toEqual([
      "tx_new:pending",
      "tx_new:failed",
      "tx_watched:pending",
      "tx_watched:success",
    ]);
  });

  it("watches only the payments still open: one that settles is let go, now and at the next start", async () => {
    const earlier = new StatusSightings("live", () => database.db);
    earlier.saw([
      { id: "tx_open", status: "pending" },
      { id: "tx_done", status: "pending" },
      { id: "tx_done", status: "success" },
    ]);
    await earlier.settled();
    // A start: the watched ids are read from the table, with what this process saw not yet written.
    const sightings = new StatusSightings("live", () => database.db);
    sightings.saw([
      { id: "tx_queued", status: "pending" },
      { id: "tx_queued_done", status: "pending" },
      { id: "tx_queued_done", status: "failed" },
    ]);
    sightings.sawSettledOnFirstRead([]);
    await sightings.settled();
    expect((await sightings.watchedIds()).sort()).toEqual(["tx_open", "tx_queued"]);
    sightings.saw([{ id: "tx_open", status: "failed" }]);
    sightings.sawSettledOnFirstRead([{ id: "tx_queued", status: "success" }]);
    await sightings.settled();
    expect(await sightings.watchedIds()).toEqual([]);
    expect((await seenRows("live")).filter((r) => r.transaction_id === "tx_queued").map((r) => r.status)).toEqual(["pending", "success"]);
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
  it("is told of changed rows and new ones, but not of rows the first read finds settled", async () => {
    let rows = [row("tx_a", "pending"), row("tx_b", "success"), row("tx_c", "pending")];
    const source: TransactionSource = {
      listTransactions: () => Promise.resolve({ items: rows, unreadable: [], total: rows.length, offset: 0 }),
      getTransaction: (id) => Promise.resolve(rows.find((r) => r.id === id)!),
    };
    const told: string[][] = [];
    const settledFirst: string[][] = [];
    const sync = new TransactionSync(source, {
      minRefreshIntervalMs: 0,
      onStatusSeen: (seen, kind) => (kind === "news" ? told : settledFirst).push(seen.map((r) => `${r.id}:${r.status}`)),
    });
    sync.ensureLoaded();
    await sync.idle();
    expect(told.flat().sort()).toEqual(["tx_a:pending", "tx_c:pending"]);
    // Apart: kept only for a payment seen pending before (StatusSightings.sawSettledOnFirstRead).
    expect(settledFirst.flat()).toEqual(["tx_b:success"]);
    told.length = 0;
    rows = [row("tx_a", "success"), row("tx_b", "success"), row("tx_c", "pending"), row("tx_d", "failed")];
    sync.refresh(0);
    await sync.idle();
    // After the first read, a new row is news whatever its status.
    expect(told.flat().sort()).toEqual(["tx_a:success", "tx_d:failed"]);
    told.length = 0;
    sync.upsert(row("tx_b", "success"));
    expect(told.flat()).toEqual([]);
    sync.upsert(row("tx_b", "failed"));
    expect(told.flat()).toEqual(["tx_b:failed"]);
  });

  it("is told of a row read on its own before the list's first read", () => {
    const told: string[] = [];
    const source: TransactionSource = {
      listTransactions: () => Promise.reject(new Error("not asked")),
      getTransaction: () => Promise.reject(new Error("not asked")),
    };
    const sync = new TransactionSync(source, {
      onStatusSeen: (seen, kind) => told.push(...seen.map((r) => `${kind}:${r.id}:${r.status}`)),
    });
    // A detail page: someone looked at it, so its status is news.
    sync.upsert(row("tx_z", "success"));
    expect(told).toEqual(["news:tx_z:success"]);
  });
});
