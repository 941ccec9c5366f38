import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { DEFAULT_SORT } from "@/features/transactions/sort";
import { blocksOfChunk } from "@/features/transactions/wire-stream";
import type { TransactionChunkResponse, TransactionRow } from "@/lib/transaction-row";
import { MAX_WINDOW_ROWS, seededState, TransactionsEngine } from "@/features/transactions/worker/engine";
import { WORKER_EXTRAS } from "@/features/transactions/worker/extras";
import type { FromWorker } from "@/features/transactions/worker-protocol";
import { NO_FILTERS, tx } from "./fixtures";

function chunk(items: TransactionRow[], extra: Partial<TransactionChunkResponse> = {}): TransactionChunkResponse {
  return {
    environment: "live",
    epoch: "e1",
    items,
    version: items.length,
    more: false,
    loaded: items.length,
    unreadable: 0,
    total: items.length,
    complete: true,
    syncing: false,
    error: null,
    syncedAt: null,
    ...extra,
  };
}

/** An engine whose upstream answers `answer` once, and the messages it sent. */
function engineWith(answer: () => Promise<TransactionChunkResponse>) {
  const sent: FromWorker[] = [];
  const engine = new TransactionsEngine(
    () => answer().then(blocksOfChunk),
    (message) => sent.push(message),
    Date.now,
    WORKER_EXTRAS,
  );
  const states = () => sent.filter((m): m is Extract<FromWorker, { kind: "state" }> => m.kind === "state");
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { engine, sent, states, settle };
}

const rows = (n: number, overrides: (i: number) => Partial<TransactionRow> = () => ({})) =>
  Array.from({ length: n }, (_, i) => tx({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), ...overrides(i) }));

describe("the transactions worker's engine", () => {
  it("sends counts, exact totals and only the rows in the window, never the list", async () => {
    const list = rows(500, (i) => ({ amount: i % 2 ? "0.10" : "0.20", currency: i % 3 ? "BDT" : "INR" }));
    const { engine, states, settle } = engineWith(() => Promise.resolve(chunk(list)));
    engine.handle({ kind: "view", mode: "live", viewId: 7, sort: DEFAULT_SORT, filters: NO_FILTERS });
    engine.handle({ kind: "start", mode: "live" });
    await settle();
    const last = states().at(-1)!;
    expect(last.feed).toMatchObject({ status: "ready", loaded: 500, complete: true, signedOut: false });
    expect(last.view).toMatchObject({ viewId: 7, count: 500 });
    expect(last.view!.window.rows).toHaveLength(60);
    // Newest first (the default sort), from the top.
    expect(last.view!.window.rows[0]!.id).toBe(list[499]!.id);
    const bdt = last.view!.totals.find((t) => t.currency === "BDT")!;
    expect(bdt.count).toBe(list.filter((r) => r.currency === "BDT").length);
    // Summed exactly: 0.10 and 0.20 are not binary fractions.
    const exact = list.filter((r) => r.currency === "BDT").reduce((cents, r) => cents + (r.amount === "0.10" ? 10 : 20), 0);
    expect(bdt.payins).toBe(new Decimal(exact).div(100).toFixed());

    engine.handle({ kind: "window", mode: "live", start: 450, end: 10_000 });
    const windowed = states().at(-1)!.view!;
    expect(windowed.window.start).toBe(450);
    expect(windowed.window.rows).toHaveLength(50);
    engine.handle({ kind: "window", mode: "live", start: 0, end: 1e9 });
    expect(states().at(-1)!.view!.window.rows.length).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
  });

  it("answers a filter with a new revision, and the same filter again with the same one", async () => {
    const list = rows(20, (i) => ({ rail: i < 5 ? "brazil" : "bangladesh", railLabel: i < 5 ? "Brazil" : "Bangladesh" }));
    const { engine, states, settle } = engineWith(() => Promise.resolve(chunk(list)));
    engine.handle({ kind: "start", mode: "live" });
    await settle();
    const brazil = { ...NO_FILTERS, rails: ["brazil" as const] };
    engine.handle({ kind: "view", mode: "live", viewId: 1, sort: DEFAULT_SORT, filters: brazil });
    const first = states().at(-1)!.view!;
    expect(first.count).toBe(5);
    expect(first.window.rows.every((r) => r.rail === "brazil")).toBe(true);
    engine.handle({ kind: "window", mode: "live", start: 0, end: 60 });
    expect(states().at(-1)!.view!.revision).toBe(first.revision);
    engine.handle({ kind: "view", mode: "live", viewId: 2, sort: DEFAULT_SORT, filters: NO_FILTERS });
    expect(states().at(-1)!.view!).toMatchObject({ viewId: 2, count: 20 });
    expect(states().at(-1)!.view!.revision).toBeGreaterThan(first.revision);
  });

  it("sums the charts only while they are on and the load has ended, once per revision", async () => {
    let release: (value: TransactionChunkResponse) => void = () => undefined;
    const { engine, sent, settle } = engineWith(() => new Promise((resolve) => (release = resolve)));
    const charts = () => sent.filter((m) => m.kind === "charts");
    engine.handle({ kind: "view", mode: "live", viewId: 1, sort: DEFAULT_SORT, filters: NO_FILTERS });
    engine.handle({ kind: "start", mode: "live" });
    engine.handle({ kind: "charts", mode: "live", on: true });
    expect(charts()).toHaveLength(0); // loading
    release(chunk(rows(10)));
    await settle();
    expect(charts()).toHaveLength(1);
    // Named by the view they were drawn for: the page shows them only under that view's filters.
    expect(charts()[0]).toMatchObject({ kind: "charts", viewId: 1 });
    engine.handle({ kind: "window", mode: "live", start: 0, end: 5 });
    expect(charts()).toHaveLength(1); // same rows, nothing new to draw
    engine.handle({ kind: "charts", mode: "live", on: false });
    engine.handle({ kind: "view", mode: "live", viewId: 2, sort: DEFAULT_SORT, filters: { ...NO_FILTERS, text: "nothing-matches" } });
    expect(charts()).toHaveLength(1); // off: not summed
  });

  it("builds the CSV of the filtered rows in table order", async () => {
    const list = rows(3, (i) => ({ platformOrderId: ["PO-A", "po-b", "PO-B"][i]! }));
    const { engine, sent, settle } = engineWith(() => Promise.resolve(chunk(list)));
    engine.handle({ kind: "view", mode: "live", viewId: 1, sort: DEFAULT_SORT, filters: NO_FILTERS });
    engine.handle({ kind: "start", mode: "live" });
    await settle();
    engine.handle({ kind: "csv", mode: "live", requestId: 42 });
    const csv = sent.find((m) => m.kind === "csv");
    expect(csv).toMatchObject({ requestId: 42, rows: 3 });
    const lines = (csv as { csv: string }).csv.trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(list[2]!.id);
  });

  it("says the session ended when the BFF answers 401", async () => {
    const { engine, states, settle } = engineWith(() => Promise.reject(Object.assign(new Error("Sign in again."), { status: 401 })));
    engine.handle({ kind: "start", mode: "live" });
    await settle();
    expect(states().at(-1)!.feed).toMatchObject({ status: "error", signedOut: true });
  });

  // Tab B switched the session to live: the BFF answers tab A's test list from live. Taken in, the
  // live rows replaced the test list, and /lookup found a live payment under the test banner.
  it("refuses an answer from another mode than its list's, keeps the rows it held, and says which mode answered", async () => {
    const testRows = rows(3, (i) => ({ platformOrderId: `PO-TEST-${i}` }));
    const liveRows = rows(2, (i) => ({ platformOrderId: ["PO-LIVE", "PO-TEST-0"][i]! }));
    let answer = chunk(testRows, { environment: "test" });
    const { engine, states, settle } = engineWith(() => Promise.resolve(answer));
    engine.handle({ kind: "start", mode: "test" });
    await settle();
    expect(states().at(-1)!.feed).toMatchObject({ status: "ready", loaded: 3, modeChangedTo: null });

    answer = chunk(liveRows, { environment: "live", epoch: "e9" });
    engine.handle({ kind: "refresh", mode: "test" });
    await settle();
    const refused = states().at(-1)!;
    expect(refused.mode).toBe("test");
    expect(refused.feed).toMatchObject({ status: "error", loaded: 3, modeChangedTo: "live" });
    expect(refused.feed.error).toContain("switched to live mode");
    // The test rows held stay, and none of the live answer's came in.
    engine.handle({ kind: "view", mode: "test", viewId: 1, sort: DEFAULT_SORT, filters: { ...NO_FILTERS, text: "po-live" } });
    expect(states().at(-1)!.view).toMatchObject({ count: 0 });
    engine.handle({ kind: "view", mode: "test", viewId: 2, sort: DEFAULT_SORT, filters: { ...NO_FILTERS, text: "PO-TEST-0" } });
    expect(
      states()
        .at(-1)!
        .view!.window.rows.map((r) => r.id),
    ).toEqual([testRows[0]!.id]);

    // Back in test (this tab switched back): the list loads again, and the refusal is over.
    answer = chunk(testRows, { environment: "test" });
    engine.handle({ kind: "start", mode: "test" });
    await settle();
    expect(states().at(-1)!.feed).toMatchObject({ status: "ready", loaded: 3, modeChangedTo: null });
  });

  it("ignores server-rendered rows of another mode than the list's", () => {
    const { engine, states } = engineWith(() => new Promise(() => undefined));
    engine.handle({ kind: "seed", mode: "test", chunk: chunk(rows(4), { environment: "live" }) });
    engine.handle({ kind: "view", mode: "test", viewId: 1, sort: DEFAULT_SORT, filters: NO_FILTERS });
    expect(states().at(-1)!.view!.count).toBe(0);
  });

  it("shows the server-rendered rows through the same engine before the worker answers", () => {
    const list = rows(5);
    const state = seededState(chunk(list), DEFAULT_SORT, NO_FILTERS);
    expect(state.feed).toMatchObject({ status: "idle", loaded: 5 });
    expect(state.view!.window.rows.map((r) => r.id)).toEqual(list.map((r) => r.id).reverse());
  });
});
