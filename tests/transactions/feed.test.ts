import { describe, expect, it } from "vitest";
import { type FetchChunk, TransactionFeed } from "@/features/transactions/feed";
import { idsIn, rowsIn, tx } from "./fixtures";
import type { RowList } from "@/features/transactions/columns";
import { encodeBlock } from "@/features/transactions/wire";
import type { BlockChunk } from "@/features/transactions/wire-stream";
import type { TransactionRow } from "@/lib/transaction-row";

/** An answer as the worker's reader gives it: rows in checked blocks. */
function chunk(items: TransactionRow[], version: number, extra: Partial<BlockChunk> = {}): BlockChunk {
  return {
    environment: "live",
    epoch: "e1",
    blocks: [encodeBlock(items)],
    version,
    more: false,
    loaded: 0,
    unreadable: 0,
    total: 3,
    complete: true,
    syncing: false,
    error: null,
    syncedAt: null,
    ...extra,
  };
}

describe("TransactionFeed", () => {
  it("streams chunks, asks only for changes after the version it holds, and replaces changed rows in place", async () => {
    const a = tx({ id: "tx_a", status: "pending" });
    const b = tx({ id: "tx_b" });
    const answers = [chunk([a], 1, { syncing: true, complete: false }), chunk([b], 2)];
    const asked: number[] = [];
    const fetchChunk: FetchChunk = async ({ since }) => {
      asked.push(since);
      return answers.shift()!;
    };
    const feed = new TransactionFeed(fetchChunk);
    const seen: number[] = [];
    feed.subscribe(() => seen.push(feed.getSnapshot().rows.slots.length));
    await feed.start();
    expect(asked).toEqual([0, 1]);
    expect(seen).toContain(1); // first rows shown before the load finished
    expect(feed.getSnapshot()).toMatchObject({ status: "ready", loaded: 2, complete: true });

    answers.push(chunk([{ ...a, status: "success" }], 3));
    await feed.refresh();
    expect(asked.at(-1)).toBe(2);
    const rows = feed.getSnapshot().rows;
    expect(rowsIn(rows).map((row) => `${row.id}:${row.status}`)).toEqual(["tx_a:success", "tx_b:success"]);
  });

  it("publishes the first rows at once, holds later chunks for publishEveryMs, and publishes everything when the load ends", async () => {
    const rows = ["a", "b", "c", "d"].map((id) => tx({ id: `tx_${id}` }));
    const loading = { syncing: true, complete: false };
    const answers = [chunk([rows[0]!], 1, loading), chunk([rows[1]!], 2, loading), chunk([rows[2]!], 3, loading), chunk([rows[3]!], 4)];
    let now = 1_000;
    const feed = new TransactionFeed(
      async () => answers.shift()!,
      () => now,
      { publishEveryMs: 500 },
    );
    const seen: number[] = [];
    feed.subscribe(() => seen.push(feed.getSnapshot().rows.slots.length));
    now += 100; // the clock stands still from here: every chunk lands inside the 500 ms window of the first publish
    await feed.start();
    // "loading" (0 rows), first rows (1), then the end of the load with all 4: chunks 2 and 3 were never published alone.
    expect(seen).toEqual([0, 1, 4]);
    expect(feed.getSnapshot()).toMatchObject({ status: "ready", loaded: 4 });
    expect(idsIn(feed.getSnapshot().rows)).toEqual(["tx_a", "tx_b", "tx_c", "tx_d"]);
  });

  it("says when the rows only grew since the last publish (grownFrom), and not once a row on screen changed", async () => {
    const loading = { syncing: true, complete: false };
    const a = tx({ id: "tx_a", status: "pending" });
    const answers = [chunk([a], 1, loading), chunk([tx({ id: "tx_b" })], 2, loading), chunk([{ ...a, status: "success" }], 3)];
    const feed = new TransactionFeed(async () => answers.shift()!);
    const published: { rows: RowList; grownFrom: RowList | null }[] = [];
    feed.subscribe(() => published.push(feed.getSnapshot()));
    await feed.start();
    const [, first, second, third] = published;
    expect(first!.rows.slots).toHaveLength(1);
    expect(second!.grownFrom).toBe(first!.rows);
    // tx_a was on screen and changed: the screen must place it again.
    expect(third!.grownFrom).toBeNull();
  });

  it("still says the rows only grew when a changed row was added since the last publish", async () => {
    const loading = { syncing: true, complete: false };
    const b = tx({ id: "tx_b", status: "pending" });
    const answers = [chunk([tx({ id: "tx_a" })], 1, loading), chunk([b], 2, loading), chunk([{ ...b, status: "success" }], 3)];
    let now = 1_000;
    const feed = new TransactionFeed(
      async () => answers.shift()!,
      () => now,
      { publishEveryMs: 500 },
    );
    const published: { rows: RowList; grownFrom: RowList | null }[] = [];
    feed.subscribe(() => published.push(feed.getSnapshot()));
    now += 100;
    await feed.start();
    const first = published.find((s) => s.rows.slots.length === 1)!;
    const last = published.at(-1)!;
    expect(rowsIn(last.rows).map((row) => `${row.id}:${row.status}`)).toEqual(["tx_a:success", "tx_b:success"]);
    expect(last.grownFrom).toBe(first.rows);
  });

  it("keeps rows it already holds untouched when they come again unchanged, so the rows only grew", async () => {
    const a = tx({ id: "tx_a" });
    const feed = new TransactionFeed(async () => chunk([{ ...a }, tx({ id: "tx_b" })], 9));
    feed.seed(chunk([a], 0, { syncing: true, complete: false, more: true }));
    const seeded = feed.getSnapshot();
    await feed.start();
    const { rows, grownFrom } = feed.getSnapshot();
    expect(grownFrom).toBe(seeded.rows);
    // The same slot of the same store, not rewritten.
    expect(rows.store).toBe(seeded.rows.store);
    expect(rows.slots[0]).toBe(seeded.rows.slots[0]);
    expect(idsIn(rows)).toEqual(["tx_a", "tx_b"]);
  });

  it("asks for the next chunk before merging the one it holds, and not after the last one", async () => {
    const loading = { syncing: true, complete: false };
    const answers = [chunk([tx({ id: "tx_a" })], 1, loading), chunk([tx({ id: "tx_b" })], 2, loading), chunk([tx({ id: "tx_c" })], 3)];
    const asked: number[] = [];
    const feed = new TransactionFeed(async ({ since }) => {
      asked.push(since);
      return answers.shift()!;
    });
    const askedWhenPublished: Record<number, number[]> = {};
    feed.subscribe(() => (askedWhenPublished[feed.getSnapshot().rows.slots.length] ??= [...asked]));
    await feed.start();
    // When tx_a reached the screen, the question after it (since 1) was already out; likewise for tx_b.
    expect(askedWhenPublished[1]).toEqual([0, 1]);
    expect(askedWhenPublished[2]).toEqual([0, 1, 2]);
    // The last answer said the load is over: nothing more was asked.
    expect(asked).toEqual([0, 1, 2]);
    expect(feed.getSnapshot()).toMatchObject({ status: "ready", loaded: 3 });
  });

  it("cancels, keeping the rows it has, and resumes from there", async () => {
    let release!: () => void;
    const fetchChunk: FetchChunk = ({ since, signal }) =>
      since === 0
        ? Promise.resolve(chunk([tx({ id: "tx_1" })], 1, { syncing: true, complete: false }))
        : new Promise((resolve, reject) => {
            signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
            release = () => resolve(chunk([tx({ id: "tx_2" })], 2));
          });
    const feed = new TransactionFeed(fetchChunk);
    const running = feed.start();
    await expect.poll(() => feed.getSnapshot().loaded).toBe(1);
    feed.cancel();
    await running;
    expect(feed.getSnapshot()).toMatchObject({ status: "cancelled", loaded: 1 });

    const resumed = feed.start();
    await expect.poll(() => typeof release).toBe("function");
    release();
    await resumed;
    expect(feed.getSnapshot()).toMatchObject({ status: "ready", loaded: 2 });
  });

  it("shows a failed request as an error and keeps the rows", async () => {
    let calls = 0;
    const feed = new TransactionFeed(async () => {
      if (calls++ === 0) return chunk([tx()], 1, { syncing: true });
      throw new Error("The payments service failed to answer.");
    });
    await feed.start();
    expect(feed.getSnapshot()).toMatchObject({ status: "error", loaded: 1, error: "The payments service failed to answer." });
  });

  it("starts over when the answers come from another environment or another copy of the list", async () => {
    const rebuilt = [chunk([tx({ id: "tx_old" })], 5), chunk([], 9, { epoch: "e2" }), chunk([tx({ id: "tx_new" })], 1, { epoch: "e2" })];
    const rebuiltFeed = new TransactionFeed(async () => rebuilt.shift()!);
    await rebuiltFeed.start();
    await rebuiltFeed.refresh();
    expect(idsIn(rebuiltFeed.getSnapshot().rows)).toEqual(["tx_new"]);

    const answers = [
      chunk([tx({ id: "tx_live" })], 5),
      chunk([tx({ id: "tx_test" })], 9, { environment: "test" }),
      chunk([tx({ id: "tx_test" })], 1, { environment: "test" }),
    ];
    const feed = new TransactionFeed(async () => answers.shift()!);
    await feed.start();
    await feed.refresh();
    expect(idsIn(feed.getSnapshot().rows)).toEqual(["tx_test"]);
  });

  it("keeps the currencies (sorted) and rail labels of the rows held, new objects only when one is added", async () => {
    const answers = [
      chunk([tx({ id: "tx_1", currency: "NGN", rail: "nigeria", railLabel: "Nigeria" }), tx({ id: "tx_2", currency: "BDT" })], 2, {
        syncing: true,
        complete: false,
      }),
      chunk([tx({ id: "tx_3", currency: "BDT" })], 3, { syncing: true, complete: false }),
      chunk(
        [
          tx({ id: "tx_4", currency: "BRL", rail: "brazil", railLabel: "Brazil (PIX)" }),
          // Two rails the console does not know: one chip selects both, so neither names it.
          tx({ id: "tx_5", currency: "BRL", rail: "unknown", railLabel: "Kenya (M-Pesa)" }),
          tx({ id: "tx_6", currency: "BRL", rail: "unknown", railLabel: "Ghana (MoMo)" }),
        ],
        6,
      ),
    ];
    const feed = new TransactionFeed(async () => answers.shift()!);
    const seen: { currencies: readonly string[]; railLabels: ReadonlyMap<string, string> }[] = [];
    feed.subscribe(() => seen.push(feed.getSnapshot()));
    await feed.start();
    const last = feed.getSnapshot();
    expect(last.currencies).toEqual(["BDT", "BRL", "NGN"]);
    expect([...last.railLabels]).toEqual([
      ["nigeria", "Nigeria"],
      ["bangladesh", "Bangladesh"],
      ["brazil", "Brazil (PIX)"],
    ]);
    // The chunk with only a known currency and rail published the same array and map as before it.
    const afterFirst = seen.findIndex((s) => s.currencies.length === 2);
    expect(seen[afterFirst + 1]!.currencies).toBe(seen[afterFirst]!.currencies);
    expect(seen[afterFirst + 1]!.railLabels).toBe(seen[afterFirst]!.railLabels);
  });

  it("starts from the server-rendered rows: shows them at once and asks only for what came after them", async () => {
    const first = chunk([tx({ id: "tx_new" })], 7, { syncing: true, complete: false, more: true });
    const asked: number[] = [];
    const feed = new TransactionFeed(async ({ since }) => {
      asked.push(since);
      return chunk([tx({ id: "tx_old" })], 9);
    });
    feed.seed(first);
    expect(feed.getSnapshot()).toMatchObject({ status: "idle", loaded: 1 });
    expect(idsIn(feed.getSnapshot().rows)).toEqual(["tx_new"]);
    await feed.start();
    expect(asked).toEqual([7]);
    expect(idsIn(feed.getSnapshot().rows)).toEqual(["tx_new", "tx_old"]);
    // Once the feed holds rows, a later seed (another render of the page) changes nothing.
    feed.seed(chunk([tx({ id: "tx_other" })], 1));
    expect(feed.getSnapshot().loaded).toBe(2);
  });

  it("takes the server-rendered rows while its first read is on its way, and merges that answer with them", async () => {
    let answer!: (chunk: BlockChunk) => void;
    const feed = new TransactionFeed(() => new Promise((resolve) => (answer = resolve)));
    const loading = feed.start();
    expect(feed.getSnapshot()).toMatchObject({ status: "loading", loaded: 0 });
    const shown = tx({ id: "tx_shown" });
    feed.seed(chunk([shown], 0, { syncing: true, complete: false, more: true }));
    expect(feed.getSnapshot()).toMatchObject({ status: "loading", loaded: 1 });
    const seeded = feed.getSnapshot().rows;
    answer(chunk([tx({ id: "tx_older" }), shown], 2));
    await loading;
    expect(idsIn(feed.getSnapshot().rows)).toEqual(["tx_shown", "tx_older"]);
    // The row the page already showed is untouched (same store and slot, the rows only grew): the screen's sorted view stays valid.
    expect(feed.getSnapshot().rows.store).toBe(seeded.store);
    expect(feed.getSnapshot().rows.slots[0]).toBe(seeded.slots[0]);
    expect(feed.getSnapshot().grownFrom).toBe(seeded);
    expect(feed.getSnapshot()).toMatchObject({ status: "ready", loaded: 2 });
  });
});
