// The row store's amounts, references and id table as compact columns (docs/decisions/0156): every text comes back
// byte for byte (odd ones kept aside), a merge tells a change of form from none, and totals over
// what the store answers equal totals over what the API sent.
import { describe, expect, it } from "vitest";
import type { TransactionRow } from "@/lib/transaction-row";
import { ExactSum } from "@/features/transactions/minor-units";
import { RowStore } from "@/features/transactions/server/row-store";
import { decodeChunk, type TransactionChunkWire } from "@/features/transactions/wire";
import { tx } from "../../transactions/fixtures";
import { storeAnswerText } from "../../support/store-answer";

const row = (id: string, fields: Partial<TransactionRow> = {}): TransactionRow =>
  tx({ id, platformOrderId: `PO-${id}`, createdAt: "2026-11-22T09:00:00.000Z", ...fields });

/** The store's whole answer, as the browser reads it. */
function answer(store: RowStore): TransactionRow[] {
  const text = storeAnswerText(store, 0, 1_000_000);
  return decodeChunk(JSON.parse(text) as TransactionChunkWire).items;
}

const ODD = ["007.5", "-0", "-0.00", "+1", "1e3", "1234567890123456.78", "0.0000000000000001", "", " 1", "1.", ".5", "١٢", "1,000"];
const PLAIN = ["0", "0.00", "100.50", "100.5", "-3", "-0.5", "999999999999999", "0.00000000000001"];

describe("RowStore amounts", () => {
  it("gives back every amount and paid amount exactly as written, plain or odd", () => {
    const texts = [...PLAIN, ...ODD];
    const rows = texts.map((amount, i) => row(`a${i}`, { amount, paidAmount: i % 3 === 0 ? null : texts[texts.length - 1 - i]! }));
    rows.push(row("same", { amount: "12.30", paidAmount: "12.30" }), row("scale", { amount: "12.30", paidAmount: "12.3" }));
    const store = new RowStore();
    store.merge(rows);
    for (const r of rows) expect(store.get(r.id), r.id).toEqual(r);
    expect(store.changesSince(0, 100).items).toEqual(rows);
    expect(answer(store)).toEqual(rows);
    expect(store.newest(rows.length)).toEqual(rows);
    expect(store.merge(rows.map((r) => ({ ...r })))).toEqual({ changed: 0, fresh: 0 });
  });

  it("tells a change of form from none: 7.5, 7.50, 007.5 and null are four amounts", () => {
    const store = new RowStore();
    store.merge([row("a", { amount: "007.5", paidAmount: "7.5" })]);
    const steps: [Partial<TransactionRow>, number][] = [
      [{ amount: "007.5", paidAmount: "7.5" }, 0],
      [{ amount: "7.5", paidAmount: "7.5" }, 1],
      [{ amount: "7.50", paidAmount: "7.5" }, 1],
      [{ amount: "7.50", paidAmount: "007.5" }, 1],
      [{ amount: "7.50", paidAmount: null }, 1],
      [{ amount: "7.50", paidAmount: "0" }, 1],
      [{ amount: "-7.50", paidAmount: "0" }, 1],
      [{ amount: "-7.50", paidAmount: "0" }, 0],
      [{ amount: "007.5", paidAmount: "-0" }, 1],
    ];
    for (const [fields, changed] of steps) {
      expect(store.merge([row("a", fields)]).changed, JSON.stringify(fields)).toBe(changed);
      expect(store.get("a")).toEqual(row("a", fields));
      expect(answer(store)).toEqual([row("a", fields)]);
    }
  });

  it("finds a row by its amount's text in a search's prefilter, the paid amount included", () => {
    const store = new RowStore();
    store.merge([row("a", { amount: "100.50", paidAmount: "100.50" }), row("b", { amount: "5", paidAmount: "0099" }), row("c")]);
    const found = (text: string) =>
      store
        .scan(
          (value) => value === text,
          (r) => r.id,
        )
        .map(({ match }) => match);
    expect(found("100.50")).toEqual(["a"]);
    expect(found("0099")).toEqual(["b"]);
    expect(found("5")).toEqual(["b"]);
    expect(found("100.5")).toEqual([]);
  });

  it("keeps totals per currency exact over 20,000 rows: the answer's amounts sum as the API's do", () => {
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const currencies: [string, number][] = [
      ["BDT", 2],
      ["USDT", 6],
      ["JPY", 0],
      ["KWD", 3],
    ];
    const rows = Array.from({ length: 20_000 }, (_, i) => {
      const [currency, decimals] = currencies[i % currencies.length]!;
      const units = String(next(2 ** 31) * 1000 + next(1000));
      const padded = units.padStart(decimals + 1, "0");
      let amount = decimals === 0 ? units : `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
      if (i % 997 === 0) amount = `00${amount}`;
      if (i % 1009 === 0) amount = `${"9".repeat(20)}.${amount.replace(".", "")}`;
      return row(`t${i}`, { currency, amount, paidAmount: i % 5 === 0 ? null : amount });
    });
    const store = new RowStore();
    store.merge(rows);
    const got = answer(store);
    expect(got.map((r) => r.amount)).toEqual(rows.map((r) => r.amount));
    expect(got.map((r) => r.paidAmount)).toEqual(rows.map((r) => r.paidAmount));
    const totals = (list: TransactionRow[]) => {
      const sums = new Map<string, ExactSum>();
      for (const r of list) {
        const sum = sums.get(r.currency) ?? new ExactSum();
        sum.add(r.amount);
        if (r.paidAmount !== null) sum.add(r.paidAmount);
        sums.set(r.currency, sum);
      }
      return Object.fromEntries([...sums].map(([currency, sum]) => [currency, sum.toString()]));
    };
    expect(totals(got)).toEqual(totals(rows));
    expect(Object.keys(totals(got))).toHaveLength(4);
  });
});

describe("RowStore references", () => {
  const ODD_REFERENCES = [
    "",
    "BDP",
    "BDP00000000000001",
    "BDP000",
    `BDP${"9".repeat(20)}`,
    `${"1".repeat(16)}`,
    "0",
    "00",
    "123",
    "A-0099",
    "ünï123",
    "🙂12",
    "12 ",
    "x1y2",
    "PO-١٢",
  ];

  it("gives back every platform order id exactly as written, plain or odd", () => {
    const rows = [...ODD_REFERENCES, "BDP12345678901234", "BDP12345678901235", "PIX98765432109876"].map((platformOrderId, i) =>
      row(`r${i}`, { platformOrderId }),
    );
    const store = new RowStore();
    store.merge(rows);
    for (const r of rows) expect(store.get(r.id), JSON.stringify(r.platformOrderId)).toEqual(r);
    expect(answer(store)).toEqual(rows);
    expect(store.changesSince(0, 100).items).toEqual(rows);
    expect(store.merge(rows.map((r) => ({ ...r })))).toEqual({ changed: 0, fresh: 0 });
  });

  it("tells a change of form from none: leading zeros, prefix and digits each count", () => {
    const store = new RowStore();
    store.merge([row("a", { platformOrderId: "BDP007" })]);
    const steps: [string, number][] = [
      ["BDP007", 0],
      ["BDP07", 1],
      ["BDP7", 1],
      ["BDQ7", 1],
      ["BD7", 1],
      ["7", 1],
      ["07", 1],
      ["BDQ", 1],
      ["BDQ", 0],
      ["BDQ8", 1],
    ];
    for (const [platformOrderId, changed] of steps) {
      expect(store.merge([row("a", { platformOrderId })]).changed, platformOrderId).toBe(changed);
      expect(store.get("a")!.platformOrderId).toBe(platformOrderId);
      expect(answer(store)[0]!.platformOrderId).toBe(platformOrderId);
    }
  });

  it("keeps references past the dictionary's prefixes as they are, and a search still finds them", () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`p${i}`, { platformOrderId: `M${i}-${String(i * 7).padStart(6, "0")}` }));
    const store = new RowStore();
    store.merge(rows);
    expect(answer(store).map((r) => r.platformOrderId)).toEqual(rows.map((r) => r.platformOrderId));
    expect(store.merge(rows.map((r) => ({ ...r })))).toEqual({ changed: 0, fresh: 0 });
    const moved = rows.map((r) => ({ ...r, platformOrderId: `${r.platformOrderId}0` }));
    expect(store.merge(moved)).toEqual({ changed: 5_000, fresh: 0 });
    expect(answer(store).map((r) => r.platformOrderId)).toEqual(moved.map((r) => r.platformOrderId));
    const found = store.scan(
      (text) => text === "M4999-0349930",
      (r) => r.id,
    );
    expect(found.map(({ match }) => match)).toEqual(["p4999"]);
  });
});

describe("RowStore ids", () => {
  it("finds each of 60,000 ids in its slot, and no id it does not hold", () => {
    const ids = Array.from({ length: 60_000 }, (_, i) => `tx_${(i * 2654435761).toString(36).toUpperCase().padStart(26, "0")}`);
    const store = new RowStore();
    expect(store.merge(ids.map((id) => row(id)))).toEqual({ changed: 60_000, fresh: 60_000 });
    expect(store.size).toBe(60_000);
    expect(ids.filter((id) => store.get(id)?.id !== id)).toEqual([]);
    for (const id of ["", "tx_", `${ids[0]}0`, ids[1]!.slice(1), ids[2]!.toLowerCase(), "tx_X"]) expect(store.has(id), id).toBe(false);
    // The same ids again, in another order: found, none added.
    expect(store.merge([...ids].reverse().map((id) => row(id)))).toEqual({ changed: 0, fresh: 0 });
    expect(store.merge([row("tx_new"), row(ids[59_999]!, { status: "failed" })])).toEqual({ changed: 2, fresh: 1 });
    expect(store.get(ids[59_999]!)!.status).toBe("failed");
    expect(store.changesSince(59_998, 10).items.map((r) => r.id)).toEqual([ids[59_998], "tx_new", ids[59_999]]);
  });
});
