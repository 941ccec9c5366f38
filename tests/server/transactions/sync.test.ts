import { describe, expect, it, vi } from "vitest";
import { PaymentsApiError } from "@/lib/payments/errors";
import { ApiError, publicMessageOf } from "@/lib/server/api-error";
import { logger } from "@/lib/server/logger";
import type { TransactionRow } from "@/lib/transaction-row";
import { decodeChunk, type TransactionChunkWire } from "@/features/transactions/wire";
import { chunkBody } from "@/features/transactions/server/wire-body";
import { RateGate } from "@/features/transactions/server/rate-gate";
import type { TransactionSource } from "@/features/transactions/server/source";
import { type SyncOptions, TransactionSync } from "@/features/transactions/server/sync";

let seq = 0;
function row(createdAtMs: number, overrides: Partial<TransactionRow> = {}): TransactionRow {
  seq++;
  return {
    id: `tx_${seq}`,
    type: "payin",
    status: "success",
    amount: "10.00",
    currency: "BDT",
    rail: "bangladesh",
    railLabel: "Bangladesh",
    paidAmount: null,
    platformOrderId: `PO-${seq}`,
    createdAt: new Date(createdAtMs).toISOString(),
    completedAt: null,
    ...overrides,
  };
}

/** A newest-first list like the API's, which can grow at the head between calls. */
class FakeUpstream implements TransactionSource {
  list: TransactionRow[] = [];
  listCalls: number[] = [];
  getCalls: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  clock = Date.parse("2025-03-01T00:00:00Z");
  /** Runs before each list answer is computed (to simulate arrivals mid-load). */
  beforeList: (() => void) | null = null;
  failures: Error[] = [];
  /** Extra event-loop turns before answering a page, to make answers arrive out of order. */
  delayTurns: (offset: number) => number = () => 0;
  /** Rows the client could not read (a malformed amount upstream): on their page, not among its items, and unreadable on their own. */
  unreadableIds = new Set<string>();
  /** Rows unreadable in the list only: their own GET reads them whole. */
  unreadableInListIds = new Set<string>();
  /** What a row's own GET throws, when set (a 5xx, no answer). */
  getFailure: ((id: string) => Error | null) | null = null;

  seed(count: number, overrides: (i: number) => Partial<TransactionRow> = () => ({})): void {
    for (let i = 0; i < count; i++) this.insert(overrides(i));
  }

  insert(overrides: Partial<TransactionRow> = {}): TransactionRow {
    this.clock += 1000;
    const item = row(this.clock, overrides);
    this.list.unshift(item);
    return item;
  }

  async listTransactions({ limit, offset }: { limit: number; offset: number }) {
    this.listCalls.push(offset);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    for (let turn = 0; turn <= this.delayTurns(offset); turn++) await new Promise((resolve) => setImmediate(resolve));
    this.inFlight--;
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.beforeList?.();
    const page = this.list.slice(offset, offset + limit);
    const unreadable = (r: TransactionRow) => this.unreadableIds.has(r.id) || this.unreadableInListIds.has(r.id);
    return {
      items: page.filter((r) => !unreadable(r)).map((r) => ({ ...r })),
      unreadable: page.filter(unreadable).map((r) => ({ id: r.id, key: r.id, fields: ["amount"] })),
      total: this.list.length,
      offset,
    };
  }

  async getTransaction(id: string) {
    this.getCalls.push(id);
    const failure = this.getFailure?.(id);
    if (failure) throw failure;
    if (id === "..") throw new PaymentsApiError("GET /v1/transactions/.. not sent", { status: 400, code: "validation", retryable: false });
    if (this.unreadableIds.has(id)) {
      throw new PaymentsApiError("unreadable 200 response", { status: 200, code: "upstream", retryable: false });
    }
    const found = this.list.find((r) => r.id === id);
    if (!found) throw new PaymentsApiError("not found", { status: 404, code: "not_found", retryable: false });
    return { ...found };
  }
}

/** A sync that has loaded every page of a fresh `count`-row upstream list. */
async function loadedSync(count: number, options: SyncOptions = {}, overrides?: (i: number) => Partial<TransactionRow>) {
  const upstream = new FakeUpstream();
  upstream.seed(count, overrides);
  const sync = new TransactionSync(upstream, options);
  sync.ensureLoaded();
  await sync.idle();
  return { upstream, sync };
}

function allIds(sync: TransactionSync): string[] {
  return sync.chunk(0, 1_000_000).items.map((r) => r.id);
}

describe("TransactionSync", () => {
  it("loads every page once with bounded concurrency, and streams the first page before the rest", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(1050);
    const sync = new TransactionSync(upstream, { concurrency: 4 });
    sync.ensureLoaded();
    sync.ensureLoaded(); // single flight
    await sync.waitForChange(0, 5_000);
    const early = sync.chunk(0, 10_000);
    expect(early.items.length).toBe(100);
    expect(early.complete).toBe(false);
    expect(early.syncing).toBe(true);
    expect(early.total).toBe(1050);

    await sync.idle();
    const done = sync.chunk(0, 10_000);
    expect(done.complete).toBe(true);
    expect(done.loaded).toBe(1050);
    expect(new Set(allIds(sync))).toEqual(new Set(upstream.list.map((r) => r.id)));
    expect(upstream.maxInFlight).toBeLessThanOrEqual(4);
    // 11 pages, plus one head check at the end.
    expect(upstream.listCalls.filter((o) => o === 0)).toHaveLength(2);
    expect(upstream.listCalls).toHaveLength(12);
  });

  it("neither loses nor duplicates rows when transactions arrive while pages load", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(730);
    // Later pages answer first, so a page read later sees more arrivals than the one after it: offsets skip rows.
    upstream.delayTurns = (offset) => (offset === 0 ? 0 : 10 - ((offset / 100) % 4) * 3);
    let calls = 0;
    upstream.beforeList = () => {
      if (++calls % 2 === 0) for (let i = 0; i < 7; i++) upstream.insert();
    };
    const sync = new TransactionSync(upstream, { concurrency: 4, minRefreshIntervalMs: 0 });
    sync.ensureLoaded();
    await sync.idle();
    // Rows inserted during the very last read are picked up by the next refresh.
    upstream.beforeList = null;
    sync.refresh();
    await sync.idle();
    const ids = allIds(sync);
    expect(new Set(ids).size).toBe(ids.length);
    const expected = new Set(upstream.list.map((r) => r.id));
    expect(ids.filter((id) => !expected.has(id))).toEqual([]);
    expect([...expected].filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("refreshes incrementally: new rows and older pending rows, without re-reading every page", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(2000, (i) => (i === 5 || i === 1500 ? { status: "pending" } : {}));
    const sync = new TransactionSync(upstream, { minRefreshIntervalMs: 0 });
    sync.ensureLoaded();
    await sync.idle();
    const before = sync.rows.version;

    const oldPending = upstream.list.find((r) => r.status === "pending" && r.id === "tx_" + (seq - 2000 + 6))!;
    expect(oldPending).toBeDefined();
    oldPending.status = "success";
    oldPending.completedAt = new Date(upstream.clock).toISOString();
    const fresh = [upstream.insert(), upstream.insert(), upstream.insert()];
    upstream.listCalls = [];

    sync.refresh();
    await sync.idle();
    const changed = sync.chunk(before, 1000).items;
    expect(changed.map((r) => r.id).sort()).toEqual([...fresh.map((r) => r.id), oldPending.id].sort());
    expect(changed.find((r) => r.id === oldPending.id)?.status).toBe("success");
    expect(sync.chunk(0, 1).loaded).toBe(2003);
    expect(upstream.listCalls.length + upstream.getCalls.length).toBeLessThanOrEqual(5);
  });

  it("loads a list with rows it cannot read: leaves them out, counts them, reads each page once and logs each row once", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(1050);
    const bad = [upstream.list[3]!.id, upstream.list[777]!.id];
    for (const id of bad) upstream.unreadableIds.add(id);
    const logged = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const sync = new TransactionSync(upstream, { minRefreshIntervalMs: 0 });
    sync.ensureLoaded();
    await sync.idle();
    const state = sync.chunk(0, 10_000);
    expect(state).toMatchObject({ complete: true, error: null, loaded: 1048, unreadable: 2, total: 1050 });
    expect(state.items.some((r) => bad.includes(r.id))).toBe(false);
    // Coverage counts the page's rows, read or not: no page is taken for a short one and read again.
    const pages = upstream.listCalls.filter((offset) => offset > 0);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toHaveLength(10);

    upstream.insert();
    sync.refresh();
    await sync.idle();
    const unreadableLines = logged.mock.calls.filter(([message]) => message === "transaction row unreadable");
    expect(unreadableLines.map(([, fields]) => fields)).toEqual([
      { id: bad[0], fields: "amount", held: false },
      { id: bad[1], fields: "amount", held: false },
    ]);
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 1049, unreadable: 2, total: 1051 });

    // A row held already that turns unreadable keeps its last readable version, and is not counted twice.
    const turned = upstream.list[0]!.id;
    upstream.unreadableIds.add(turned);
    upstream.insert();
    sync.refresh();
    await sync.idle();
    expect(sync.rows.get(turned)).toBeDefined();
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 1050, unreadable: 2, total: 1052 });
    expect(logged).toHaveBeenCalledWith("transaction row unreadable", { id: turned, fields: "amount", held: true });
    logged.mockRestore();
  });

  it("reads on past a head page whose new rows it could not read, and takes a row in once upstream fixes it", async () => {
    const { upstream, sync } = await loadedSync(300, { minRefreshIntervalMs: 0 });
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const olderFresh = Array.from({ length: 50 }, () => upstream.insert());
    const newestBroken = Array.from({ length: 100 }, () => upstream.insert());
    for (const row of newestBroken) upstream.unreadableIds.add(row.id);
    sync.refresh();
    await sync.idle();
    // The head's first page brought no row it could read, but 100 it had not seen: the next page is read too.
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 350, unreadable: 100, total: 450 });
    expect(sync.rows.get(olderFresh[0]!.id)).toBeDefined();

    // Fixed upstream: the row joins the list and leaves the count.
    const fixed = newestBroken.at(-1)!;
    upstream.unreadableIds.delete(fixed.id);
    upstream.insert();
    sync.refresh();
    await sync.idle();
    expect(sync.rows.get(fixed.id)).toBeDefined();
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 352, unreadable: 99, total: 451 });
    vi.restoreAllMocks();
  });

  it("takes an unreadable row in when it is read on its own: a fixed row deep in the list, or one a detail page fetched", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(1050);
    const deep = upstream.list[777]!.id;
    const other = upstream.list[500]!.id;
    upstream.unreadableIds.add(deep).add(other);
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    let now = 0;
    const sync = new TransactionSync(upstream, { minRefreshIntervalMs: 0, now: () => now });
    sync.ensureLoaded();
    await sync.idle();
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 1048, unreadable: 2 });

    // Still unreadable on its own: the refresh says nothing of it and ends well.
    sync.refresh();
    await sync.idle();
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 1048, unreadable: 2, error: null });
    expect(upstream.getCalls.sort()).toEqual([deep, other].sort());

    // An id the client will not even ask for ("..": it would reach another endpoint) fails nothing either.
    now += 60_000;
    const dots = upstream.insert({ id: ".." });
    upstream.unreadableIds.add(dots.id);
    sync.refresh();
    await sync.idle();
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 1048, unreadable: 3, error: null });
    expect(upstream.getCalls).toContain("..");

    // Fixed upstream, far below the head a refresh reads: its own GET brings it in (once its wait is over).
    upstream.unreadableIds.delete(deep);
    now += 120_000;
    sync.refresh();
    await sync.idle();
    expect(sync.rows.get(deep)).toBeDefined();
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 1049, unreadable: 2, error: null });

    // A detail page's own read of a row (upsert) counts it as held, not as left out too.
    sync.upsert({ ...upstream.list.find((row) => row.id === other)! });
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 1050, unreadable: 1 });
    vi.restoreAllMocks();
  });

  it("reads an unreadable row again on its own as a side job: a 5xx or no answer fails no refresh, and the row waits before the next try", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(300);
    const bad = upstream.list[150]!.id;
    upstream.unreadableIds.add(bad);
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const sync = new TransactionSync(upstream, { minRefreshIntervalMs: 0 });
    sync.ensureLoaded();
    await sync.idle();
    upstream.getFailure = () =>
      new PaymentsApiError("GET /v1/transactions/x failed with 502", { status: 502, code: "upstream", retryable: true });
    sync.refresh();
    await sync.idle();
    expect(sync.chunk(0, 1)).toMatchObject({ error: null, unreadable: 1 });
    expect(upstream.getCalls).toEqual([bad]);
    // Not asked again at once: its own read waits, longer each time it fails.
    sync.refresh();
    await sync.idle();
    expect(upstream.getCalls).toEqual([bad]);
    vi.restoreAllMocks();
  });

  it("refreshes a held pending row that the list cannot read from its own GET, and never fails on one unreadable there too", async () => {
    const { upstream, sync } = await loadedSync(300, { minRefreshIntervalMs: 0 }, (i) =>
      i === 10 || i === 11 ? { status: "pending" } : {},
    );
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const [first, second] = upstream.list.filter((row) => row.status === "pending");
    // The first settles upstream, but the list cannot read it now; its own GET can.
    first!.status = "success";
    upstream.unreadableInListIds.add(first!.id);
    sync.refresh();
    await sync.idle();
    expect(sync.rows.get(first!.id)?.status).toBe("success");
    // The second is unreadable on its own too: it keeps its last readable version, and the refresh ends well.
    upstream.unreadableIds.add(second!.id);
    upstream.insert();
    sync.refresh();
    await sync.idle();
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 301, unreadable: 0, error: null, total: 301 });
    expect(sync.rows.get(second!.id)?.status).toBe("pending");
    vi.restoreAllMocks();
  });

  it("refreshes a pending row that turned unreadable without failing, and never counts more rows than upstream has", async () => {
    const { upstream, sync } = await loadedSync(300, { minRefreshIntervalMs: 0 }, (i) => (i === 10 ? { status: "pending" } : {}));
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const pending = upstream.list.find((row) => row.status === "pending")!;
    upstream.unreadableIds.add(pending.id);
    upstream.insert();
    sync.refresh();
    await sync.idle();
    // Held already: its last readable version stays, and the refresh ends well.
    expect(sync.chunk(0, 1)).toMatchObject({ loaded: 301, unreadable: 0, error: null, total: 301 });
    vi.restoreAllMocks();
  });

  it("waits out a 429's Retry-After for every worker, then finishes", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(250);
    upstream.failures.push(new PaymentsApiError("slow down", { status: 429, code: "rate_limited", retryable: true, retryAfterSeconds: 3 }));
    const waits: number[] = [];
    let now = 0;
    const gate = new RateGate(
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
      () => now,
    );
    const sync = new TransactionSync(upstream, { gate });
    sync.ensureLoaded();
    await sync.idle();
    expect(waits[0]).toBe(3000);
    expect(sync.chunk(0, 1).loaded).toBe(250);
    expect(sync.chunk(0, 1).error).toBeNull();
  });

  it("keeps the rows and reports the error when the upstream fails, and resumes on the next request", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(150);
    // Every viewer's tab shows the error: the BFF's sentence, never the upstream's words or a host and port.
    upstream.failures.push(
      new PaymentsApiError("GET /v1/transactions network error (connect ECONNREFUSED 10.0.3.17:8443)", {
        status: 0,
        code: "upstream",
        retryable: true,
      }),
    );
    const logged = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const sync = new TransactionSync(upstream);
    sync.ensureLoaded();
    await sync.idle();
    expect(logged).toHaveBeenCalledWith("transactions load failed", { code: "upstream_error", error: "PaymentsApiError" });
    logged.mockRestore();
    expect(sync.chunk(0, 1)).toMatchObject({ complete: false, syncing: false });
    expect(sync.chunk(0, 1).error).toBe(publicMessageOf(new ApiError("upstream_error")).message);
    sync.ensureLoaded();
    await sync.idle();
    expect(sync.chunk(0, 1)).toMatchObject({ error: null, complete: true, loaded: 150 });
  });

  it("starts a new copy when the upstream list shrank (a rebuilt sandbox)", async () => {
    const { upstream, sync } = await loadedSync(150, { minRefreshIntervalMs: 0 });
    const epoch = sync.chunk(0, 1).epoch;
    upstream.list = upstream.list.slice(0, 0);
    upstream.seed(20);
    sync.refresh();
    await sync.idle();
    const after = sync.chunk(0, 1000);
    expect(after.epoch).not.toBe(epoch);
    expect(after.items.map((r) => r.id).sort()).toEqual(upstream.list.map((r) => r.id).sort());
  });

  it("starts a new copy when known rows come back with another createdAt (a rebuilt list of the same size)", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(120);
    const sync = new TransactionSync(upstream, { minRefreshIntervalMs: 0 });
    sync.ensureLoaded();
    await sync.idle();
    const epoch = sync.chunk(0, 1).epoch;
    for (const item of upstream.list) item.createdAt = new Date(Date.parse(item.createdAt) + 3_600_000).toISOString();
    sync.refresh();
    await sync.idle();
    const after = sync.chunk(0, 1000);
    expect(after.epoch).not.toBe(epoch);
    expect(after.items.find((r) => r.id === upstream.list[0]!.id)?.createdAt).toBe(upstream.list[0]!.createdAt);
  });

  it("names copies built in the same millisecond by two processes differently", async () => {
    // Each instance is a process with its own module state: a fresh import stands for one.
    const firstCopyOfAnInstance = async () => {
      vi.resetModules();
      const { TransactionSync: Sync } = await import("@/features/transactions/server/sync");
      return new Sync(new FakeUpstream()).chunk(0, 1).epoch;
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-01-01T08:00:00Z"));
      const [a, b] = [await firstCopyOfAnInstance(), await firstCopyOfAnInstance()];
      // A tab moved from one instance to the other must see another epoch, or it would ask
      // the second copy for versions numbered by the first and skip rows.
      expect(a).not.toBe(b);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a refresh asked for too soon from memory", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(10);
    const sync = new TransactionSync(upstream, { minRefreshIntervalMs: 60_000 });
    sync.ensureLoaded();
    await sync.idle();
    const calls = upstream.listCalls.length;
    sync.refresh();
    await sync.idle();
    expect(upstream.listCalls.length).toBe(calls);
  });

  it("serves changes in chunks that resume from the version given", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(250);
    const sync = new TransactionSync(upstream);
    sync.ensureLoaded();
    await sync.idle();
    const seen: string[] = [];
    let since = 0;
    for (;;) {
      const chunk = sync.chunk(since, 100);
      seen.push(...chunk.items.map((r) => r.id));
      since = chunk.version;
      if (!chunk.more) break;
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(sync.chunk(since, 100).items).toEqual([]);
  });

  it("serves the same rows and state for the wire format", async () => {
    const { sync } = await loadedSync(150, {}, (i) => (i % 2 ? { paidAmount: "9.50", completedAt: "2025-03-02T00:00:00.000Z" } : {}));
    const wire = sync.wireChunk(0, 1_000);
    const text = [...chunkBody("live", wire)]
      .map((piece) => (typeof piece === "string" ? piece : new TextDecoder().decode(piece)))
      .join("");
    const decoded = decodeChunk(JSON.parse(text) as TransactionChunkWire);
    expect(decoded.items).toEqual(sync.chunk(0, 1_000).items);
    expect(wire.state.version).toBe(sync.chunk(0, 1_000).version);
  });

  it("batches a long poll after the first answer: waits for more rows while the load runs, never past the sync", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(1_000);
    upstream.delayTurns = () => 3;
    const sync = new TransactionSync(upstream, { concurrency: 2 });
    sync.ensureLoaded();
    await sync.waitForChange(0, 5_000);
    const first = sync.chunk(0, 10_000).version;
    // Without a batch, the next change (one page) is enough.
    await sync.waitForChange(first, 5_000);
    expect(sync.chunk(first, 10_000).items.length).toBeLessThan(1_000 - 100);
    // With a batch of 500 rows and time to spare, the answer waits for 500 more rows.
    const from = sync.chunk(0, 10_000).version;
    await sync.waitForChange(from, 5_000, undefined, { rows: 500, settleMs: 5_000 });
    const batched = sync.chunk(from, 10_000);
    expect(batched.items.length >= 500 || !batched.syncing).toBe(true);
    // A batch larger than the list ends when the sync does, not at the timeout: with both bounds
    // far past the test's own timeout (20 s), only the sync's end can release this wait in time.
    await sync.waitForChange(batched.version, 600_000, undefined, { rows: 1_000_000, settleMs: 600_000 });
    expect(sync.chunk(0, 1).syncing).toBe(false);
  });

  it("hands a page's first render the newest rows, at version 0 so a reader still gets every row", async () => {
    const { upstream, sync } = await loadedSync(250, { minRefreshIntervalMs: 0 });
    upstream.insert();
    upstream.insert();
    sync.refresh();
    await sync.idle();
    const first = sync.newestChunk(100);
    // The two rows merged last (newest by createdAt) lead, then the rest in createdAt order.
    expect(first.items.map((r) => r.id)).toEqual(upstream.list.slice(0, 100).map((r) => r.id));
    expect(first.version).toBe(0);
    expect(sync.chunk(first.version, 10_000).items).toHaveLength(252);
  });

  it("reads a cold list's first page alone, once for concurrent callers, without starting the full load, which then starts from it", async () => {
    const upstream = new FakeUpstream();
    upstream.seed(350);
    const sync = new TransactionSync(upstream);
    await Promise.all([sync.loadFirstPage(), sync.loadFirstPage()]);
    expect(upstream.listCalls).toEqual([0]);
    expect(sync.chunk(0, 1).syncing).toBe(false);
    expect(sync.newestChunk(100).items.map((r) => r.id)).toEqual(upstream.list.slice(0, 100).map((r) => r.id));
    // Once rows are held it reads nothing more; the full load still reads every page.
    await sync.loadFirstPage();
    expect(upstream.listCalls).toEqual([0]);
    sync.ensureLoaded();
    await sync.idle();
    expect(sync.chunk(0, 1).loaded).toBe(350);
    // Page 0 is not read again to start the load; the last read is the head check for rows created meanwhile.
    expect(upstream.listCalls).toEqual([0, 100, 200, 300, 0]);
  });
});
