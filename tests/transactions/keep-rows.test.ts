// The page keeps the row objects it holds while the worker's new answers repeat them, so the
// table's memoised rows skip rendering while rows stream in (worker-client.ts).
import { describe, expect, it } from "vitest";
import { keepRows } from "@/features/transactions/worker-client";
import { tx } from "./fixtures";

/** As the worker's answer arrives: new objects with the same fields (structured clone). */
const cloned = <T>(value: T): T => structuredClone(value);

describe("keepRows: the rows in view across the worker's answers", () => {
  const a = tx({ id: "tx_a" });
  const b = tx({ id: "tx_b", amount: "12.50" });
  const c = tx({ id: "tx_c" });

  it("keeps the window itself when every row and its place are unchanged", () => {
    const previous = { start: 0, rows: [a, b] };
    expect(keepRows(previous, cloned(previous))).toBe(previous);
  });

  it("keeps each unchanged row's object, and takes the new one of a row whose fields changed", () => {
    const previous = { start: 0, rows: [a, b, c] };
    const next = cloned({ start: 0, rows: [a, { ...b, status: "failed" as const }, c] });
    const kept = keepRows(previous, next);
    expect(kept).not.toBe(previous);
    expect(kept.rows[0]).toBe(a);
    expect(kept.rows[1]).toBe(next.rows[1]);
    expect(kept.rows[1]!.status).toBe("failed");
    expect(kept.rows[2]).toBe(c);
  });

  it("finds a row by its id where it moved, and a new row is the new object", () => {
    const previous = { start: 10, rows: [a, b] };
    const d = tx({ id: "tx_d" });
    const next = cloned({ start: 9, rows: [d, a, b] });
    const kept = keepRows(previous, next);
    expect(kept.start).toBe(9);
    expect(kept.rows).toEqual([d, a, b]);
    expect(kept.rows[0]).toBe(next.rows[0]);
    expect(kept.rows[1]).toBe(a);
    expect(kept.rows[2]).toBe(b);
  });

  it("the same rows in another order (a sort) are a new window in the new order", () => {
    const previous = { start: 0, rows: [a, b, c] };
    const kept = keepRows(previous, cloned({ start: 0, rows: [c, a, b] }));
    expect(kept).not.toBe(previous);
    expect(kept.rows.map((row) => row.id)).toEqual(["tx_c", "tx_a", "tx_b"]);
    expect(kept.rows[0]).toBe(c);
  });

  it("a window that moved or shrank is a new window, even when its rows are held", () => {
    const previous = { start: 0, rows: [a, b, c] };
    const shrunk = keepRows(previous, cloned({ start: 0, rows: [a, b] }));
    expect(shrunk).not.toBe(previous);
    expect(shrunk.rows).toHaveLength(2);
    expect(shrunk.rows[0]).toBe(a);
  });

  it("a field that went from a value to null is a change", () => {
    const previous = { start: 0, rows: [tx({ id: "tx_e", completedAt: "2026-12-01T00:00:00Z" })] };
    const next = cloned({ start: 0, rows: [{ ...previous.rows[0]!, completedAt: null }] });
    expect(keepRows(previous, next).rows[0]!.completedAt).toBeNull();
  });
});
