// The row store in columns (docs/decisions/0151): what a merge compares field by field, instants held
// as ms that must read back exactly as the API wrote them, store-wide dictionaries and arrays that
// grow, and answers written straight from the columns that decode to the rows merged.
import { describe, expect, it, vi } from "vitest";
import type { TransactionRow } from "@/lib/transaction-row";
import { instantKey } from "@/features/transactions/instant-key";
import { RowStore } from "@/features/transactions/server/row-store";
import { decodeChunk, type TransactionChunkWire, WIRE_BLOCK_ROWS } from "@/features/transactions/wire";
import { tx } from "../../transactions/fixtures";
import { storeAnswerText } from "../../support/store-answer";

const at = "2026-11-22T09:00:00.000Z";

/** The same row each time for the same arguments (tx alone numbers its order ids). */
const row = (id: string, fields: Partial<TransactionRow> = {}): TransactionRow =>
  tx({ id, platformOrderId: `PO-${id}`, createdAt: at, ...fields });

/** The store's whole answer after `since`, as the browser reads it. */
function answer(store: RowStore, since = 0, limit = 1_000_000): TransactionRow[] {
  return decodeChunk(JSON.parse(storeAnswerText(store, since, limit)) as TransactionChunkWire).items;
}

describe("RowStore in columns: merge", () => {
  const changes: [string, Partial<TransactionRow>][] = [
    ["type", { type: "payout" }],
    ["status", { status: "failed" }],
    ["amount", { amount: "100.0" }],
    ["currency", { currency: "USD" }],
    ["rail", { rail: "internal" }],
    ["railLabel", { railLabel: "Pakistan" }],
    ["paidAmount", { paidAmount: "100.00" }],
    ["platformOrderId", { platformOrderId: "PO-other" }],
    ["createdAt", { createdAt: "2026-11-22T09:00:00.001Z" }],
    ["createdAt's form alone", { createdAt: "2026-11-22T09:00:00Z" }],
    ["completedAt", { completedAt: at }],
  ];
  for (const [name, fields] of changes) {
    it(`replaces a row whose ${name} differs, and tells onChange it is not new`, () => {
      const store = new RowStore();
      store.merge([row("a"), row("b")]);
      const onChange = vi.fn();
      expect(store.merge([row("a", fields), row("b")], onChange)).toEqual({ changed: 1, fresh: 0 });
      expect(onChange.mock.calls).toEqual([[row("a", fields), false]]);
      expect(store.get("a")).toEqual(row("a", fields));
      expect(store.changesSince(2, 10).items).toEqual([row("a", fields)]);
      expect(answer(store)).toEqual([row("b"), row("a", fields)]);
    });
  }

  it("skips a row that comes again unchanged, whatever its instants' form", () => {
    const store = new RowStore();
    const rows = [row("a"), row("b", { createdAt: "2026-11-22T10:00:00+02:00", completedAt: "x" }), row("c", { paidAmount: "2" })];
    const onChange = vi.fn();
    expect(store.merge(rows, onChange)).toEqual({ changed: 3, fresh: 3 });
    expect(onChange.mock.calls.map(([r, fresh]) => [(r as TransactionRow).id, fresh])).toEqual([
      ["a", true],
      ["b", true],
      ["c", true],
    ]);
    onChange.mockClear();
    expect(
      store.merge(
        rows.map((r) => ({ ...r })),
        onChange,
      ),
    ).toEqual({ changed: 0, fresh: 0 });
    expect(onChange).not.toHaveBeenCalled();
    expect(store.version).toBe(3);
  });

  it("gives back unusual instants exactly as written, and orders them as instant keys do", () => {
    const texts = [
      "2026-11-22T10:00:00+02:00",
      "2026-11-22T08:00:00Z",
      "2026-11-22T08:00:00.123456Z",
      "2026-11-22t08:00:00.000z",
      "not an instant",
      "",
      "2024-02-29T23:59:59.999Z",
      "2023-02-29T00:00:00.000Z",
      "2026-13-01T00:00:00.000Z",
      "2026-11-22T24:00:00.000Z",
      "0000-01-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
      "+010000-01-01T00:00:00.000Z",
      "-000001-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "1970-01-01T00:00:00.000Z",
    ];
    const rows = texts.map((text, i) => row(`r${i}`, { createdAt: text, completedAt: texts[texts.length - 1 - i]!, status: "pending" }));
    const store = new RowStore();
    store.merge(rows);
    for (const r of rows) expect(store.get(r.id)).toEqual(r);
    expect(store.changesSince(0, 100).items).toEqual(rows);
    expect(answer(store)).toEqual(rows);
    expect(store.merge(rows)).toEqual({ changed: 0, fresh: 0 });
    const keys = rows.map((r) => instantKey(r.createdAt));
    expect(store.pending()).toEqual(rows.map((r, i) => ({ id: r.id, createdAtKey: keys[i] })));
    // Newest first by key, ties in the order rows came, as the string keys say.
    const byKey = rows
      .map((r, i) => ({ id: r.id, key: keys[i]!, i }))
      .sort((a, b) => (a.key === b.key ? a.i - b.i : a.key < b.key ? 1 : -1));
    expect(store.newest(rows.length).map((r) => r.id)).toEqual(byKey.map((r) => r.id));
    expect(store.newerThan(keys)).toEqual(keys.map((key) => keys.filter((k) => k > key).length));
  });

  it("reads every millisecond's toISOString text back exactly (the digits read without Date.parse)", () => {
    const store = new RowStore();
    const rows: TransactionRow[] = [];
    let ms = Date.parse("1900-01-01T00:00:00.000Z");
    for (let i = 0; i < 3_000; i++, ms += 1_234_567_891 + i) rows.push(row(`m${i}`, { createdAt: new Date(ms).toISOString() }));
    store.merge(rows);
    expect(store.changesSince(0, rows.length).items).toEqual(rows);
    expect(answer(store)).toEqual(rows);
  });
});

describe("RowStore in columns: growth and answers", () => {
  it("grows its dictionaries past a byte's worth of codes, each block carrying only the values it uses", () => {
    const store = new RowStore();
    const rows = Array.from({ length: 3 * WIRE_BLOCK_ROWS }, (_, i) => row(`d${i}`, { currency: `C${i % 700}`, railLabel: `Label ${i}` }));
    store.merge(rows);
    expect(answer(store)).toEqual(rows);
    const wire = JSON.parse(storeAnswerText(store, 0, 10)) as TransactionChunkWire;
    expect(wire.blocks[0]!.dict.currency).toEqual(Array.from({ length: 10 }, (_, i) => `C${i}`));
    expect(wire.blocks[0]!.dict.type).toEqual(["payin"]);
  });

  it("holds rows past its first capacity, changed ones included", () => {
    const store = new RowStore();
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`g${i}`, { amount: `${i}.00` }));
    store.merge(rows);
    store.merge([row("g3", { status: "failed" })]);
    expect(store.size).toBe(5_000);
    expect(store.get("g4999")).toEqual(rows[4_999]);
    const expected = [...rows.slice(0, 3), ...rows.slice(4), row("g3", { status: "failed" })];
    expect(store.changesSince(0, 10_000).items).toEqual(expected);
    expect(answer(store)).toEqual(expected);
  });

  it("made room for a list's total first, holds and answers what a store that grew does, and grows past it", () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`r${i}`, { amount: `${i}.50` }));
    const grew = new RowStore();
    const reserved = new RowStore();
    reserved.reserve(rows.length);
    const short = new RowStore();
    short.reserve(100);
    for (const store of [grew, reserved, short]) {
      for (let at = 0; at < rows.length; at += 100) store.merge(rows.slice(at, at + 100));
      store.merge([row("r7", { status: "failed" })]);
    }
    for (const store of [reserved, short]) {
      expect(store.size).toBe(grew.size);
      expect(store.version).toBe(grew.version);
      expect(store.get("r4999")).toEqual(rows[4_999]);
      expect(store.changesSince(0, 10_000).items).toEqual(grew.changesSince(0, 10_000).items);
      expect(answer(store)).toEqual(answer(grew));
    }
  });

  it("makes no room it cannot: a total past the cap, or not a count, leaves the store working", () => {
    const store = new RowStore();
    // Uncapped, 10^12 rows of typed arrays would throw (no such length); the upstream's total is its word only.
    for (const total of [1e12, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY, Number.NaN, -1, 0])
      expect(() => store.reserve(total)).not.toThrow();
    store.merge([row("a"), row("b")]);
    expect(answer(store)).toEqual([row("a"), row("b")]);
  });

  it("keeps its wire answers when the change log is compacted", () => {
    const store = new RowStore();
    store.merge([row("a"), row("b")]);
    let before = 0;
    for (let i = 0; i < 1_500; i++) {
      before = store.version;
      store.merge([row("a", { paidAmount: String(i) })]);
    }
    expect(answer(store)).toEqual([row("b"), row("a", { paidAmount: "1499" })]);
    expect(answer(store, before)).toEqual([row("a", { paidAmount: "1499" })]);
    expect(answer(store, 2, 1)).toEqual([row("a", { paidAmount: "1499" })]);
    expect(store.changeRuns(0, 1, WIRE_BLOCK_ROWS)).toMatchObject({ version: 2, more: true });
  });

  it("answers 0 rows, and exactly one block's worth, as answers that decode", () => {
    const store = new RowStore();
    expect(answer(store)).toEqual([]);
    const rows = Array.from({ length: WIRE_BLOCK_ROWS + 1 }, (_, i) => row(`b${i}`, { platformOrderId: i % 5 ? `O${i}` : `"q"\\${i}` }));
    store.merge(rows);
    expect(answer(store, 0, WIRE_BLOCK_ROWS)).toEqual(rows.slice(0, WIRE_BLOCK_ROWS));
    expect(answer(store, WIRE_BLOCK_ROWS)).toEqual(rows.slice(WIRE_BLOCK_ROWS));
    expect(answer(store, store.version)).toEqual([]);
  });
});
