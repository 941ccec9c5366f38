import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/server/logger";
import { UnreadableRows } from "@/features/transactions/server/unreadable-rows";

const row = (id: string | null, key = id ?? "sha256:ab12cd34ef56ab12cd34ef56") => ({ id, key, fields: ["amount"] });
const nothingHeld = () => false;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("UnreadableRows", () => {
  it("counts each row once, logs each once, and forgets one read whole", () => {
    const logged = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const rows = new UnreadableRows();
    expect(rows.seen([row("tx_1"), row("tx_2")], nothingHeld)).toBe(2);
    expect(rows.seen([row("tx_1")], nothingHeld)).toBe(0);
    expect(rows.count(null, 0)).toBe(2);
    expect(logged).toHaveBeenCalledTimes(2);
    rows.read([{ id: "tx_1" }, { id: "tx_9" }]);
    expect(rows.count(null, 0)).toBe(1);
  });

  it("never tells of more rows than upstream's total leaves beside the rows held", () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const rows = new UnreadableRows();
    // One id-less row read twice, changed in between: two digests for one row.
    rows.seen([row(null, "sha256:1111"), row(null, "sha256:2222")], nothingHeld);
    expect(rows.count(100, 99)).toBe(1);
    expect(rows.count(100, 100)).toBe(0);
    expect(rows.count(100, 50)).toBe(2);
  });

  it("keeps at most 1,000 id-less rows, forgetting the oldest names first, and every row with an id", () => {
    const logged = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const rows = new UnreadableRows();
    rows.seen([row("tx_kept")], nothingHeld);
    // One id-less row whose JSON changes on every read: a new digest each refresh.
    for (let read = 0; read < 1_500; read += 1) rows.seen([row(null, `sha256:${read}`)], nothingHeld);
    expect(rows.count(null, 0)).toBe(1_001);
    expect(rows.takeForRetry(10).map((r) => r.id)).toEqual(["tx_kept"]);
    logged.mockClear();
    expect(rows.seen([row(null, "sha256:1499")], nothingHeld)).toBe(0);
    expect(logged).not.toHaveBeenCalled();
    // A forgotten name seen again is a row again, and logged again.
    expect(rows.seen([row(null, "sha256:0")], nothingHeld)).toBe(1);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(rows.count(null, 0)).toBe(1_001);
  });

  it("does not count a row the list holds already, and logs it as held", () => {
    const logged = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const rows = new UnreadableRows();
    expect(rows.seen([row("tx_held")], (id) => id === "tx_held")).toBe(0);
    expect(rows.count(null, 0)).toBe(0);
    expect(logged).toHaveBeenCalledWith("transaction row unreadable", { id: "tx_held", fields: "amount", held: true });
  });

  it("logs an id only of the API's shape: anything else could be someone's data", () => {
    const logged = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const rows = new UnreadableRows();
    rows.seen([row("jane.doe@example.com", "jane.doe@example.com"), row(null, `sha256:${"f".repeat(64)}`)], nothingHeld);
    expect(JSON.stringify(logged.mock.calls)).not.toContain("jane");
    const names = logged.mock.calls.map(([, fields]) => (fields as { id: string }).id);
    expect(names).toEqual([
      expect.stringMatching(/^\(no usable id\) [0-9a-f]{16}$/),
      expect.stringMatching(/^\(no usable id\) [0-9a-f]{16}$/),
    ]);
    expect(names[0]).not.toBe(names[1]);
  });

  it("asks again for a row whose own read failed only after a wait that doubles, and at once after it is read whole", () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    let now = 0;
    const rows = new UnreadableRows(() => now);
    rows.seen([row("tx_1")], nothingHeld);
    const [first] = rows.takeForRetry(10);
    expect(rows.retryFailed(first!)).toBe(true);
    now = 29_999;
    expect(rows.takeForRetry(10)).toEqual([]);
    now = 30_000;
    expect(rows.takeForRetry(10)).toHaveLength(1);
    expect(rows.retryFailed(first!)).toBe(false);
    now = 30_000 + 59_999;
    expect(rows.takeForRetry(10)).toEqual([]);
    now = 30_000 + 60_000;
    expect(rows.takeForRetry(10)).toHaveLength(1);
    // Read whole, then unreadable again: a new row to the retries, asked at once.
    rows.read([{ id: "tx_1" }]);
    rows.seen([row("tx_1")], nothingHeld);
    expect(rows.takeForRetry(10)).toHaveLength(1);
  });

  it("hands out the rows with an id for a retry a few at a time, each in turn", () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const rows = new UnreadableRows();
    rows.seen([row("tx_1"), row(null, "sha256:0000"), row("tx_2"), row("tx_3")], nothingHeld);
    expect(rows.takeForRetry(2).map((r) => r.id)).toEqual(["tx_1", "tx_2"]);
    expect(rows.takeForRetry(2).map((r) => r.id)).toEqual(["tx_3", "tx_1"]);
  });
});
