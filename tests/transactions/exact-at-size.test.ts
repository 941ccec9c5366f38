// Exact to the cent at size (issue 60): the whole path from the simulator to the worker's totals and
// CSV (the signed client, the BFF's sync and row store, the streamed wire answer read in odd
// slices, the engine), against the simulator's own sums (GET /_sim/totals). 20,000 rows here; the
// bench reads the same at 100,000 and 1,000,000.
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsClient } from "@/lib/payments";
import { DEFAULT_KEYS } from "@/simulator/sim";
import { type RunningSimulator, startSimulator } from "@/simulator/server";
import { sourceFrom } from "@/features/transactions/server/registry";
import { TransactionSync } from "@/features/transactions/server/sync";
import { chunkBody } from "@/features/transactions/server/wire-body";
import { WIRE_CHUNK_ROWS } from "@/features/transactions/contracts";
import { ChunkTextReader } from "@/features/transactions/wire-stream";
import type { BlockChunk } from "@/features/transactions/wire-stream";
import { DEFAULT_SORT } from "@/features/transactions/sort";
import type { TransactionFilters } from "@/features/transactions/filter";
import { TransactionsEngine } from "@/features/transactions/worker/engine";
import { WORKER_EXTRAS } from "@/features/transactions/worker/extras";
import type { FromWorker, StateMessage } from "@/features/transactions/worker-protocol";
import { TRANSACTION_FIELDS } from "@/lib/transaction-row";
import { NO_FILTERS } from "./fixtures";

const SIZE = 20_000;
let simulator: RunningSimulator;
let answer: BlockChunk;

type SimTotal = { currency: string; count: number; payinCount: number; payoutCount: number; payins: string; payouts: string };

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, liveSize: SIZE, testSize: 0 });
  const { key: apiKey, secret: apiSecret } = DEFAULT_KEYS.live;
  const sync = new TransactionSync(sourceFrom(createPaymentsClient({ baseUrl: simulator.url, apiKey, apiSecret, environment: "live" })), {
    concurrency: 8,
  });
  sync.ensureLoaded();
  await sync.idle();
  // The answer the browser's worker reads, in slices that cut rows and characters anywhere.
  const decoder = new TextDecoder();
  const pieces = [...chunkBody("live", sync.wireChunk(0, WIRE_CHUNK_ROWS))];
  const text = pieces.map((piece) => (typeof piece === "string" ? piece : decoder.decode(piece))).join("");
  const reader = new ChunkTextReader();
  for (let at = 0; at < text.length; at += 7_919) reader.push(text.slice(at, at + 7_919));
  answer = reader.finish();
}, 120_000);

afterAll(async () => {
  await simulator?.close();
});

/** The engine after one load of `answer`, asked for `filters`: its last state, and a CSV of that view. */
async function loaded(filters: TransactionFilters): Promise<{ state: StateMessage; csv: string }> {
  const sent: FromWorker[] = [];
  const engine = new TransactionsEngine(
    () => Promise.resolve(answer),
    (message) => sent.push(message),
    Date.now,
    WORKER_EXTRAS,
  );
  engine.handle({ kind: "view", mode: "live", viewId: 1, sort: DEFAULT_SORT, filters });
  engine.handle({ kind: "start", mode: "live" });
  await new Promise((resolve) => setTimeout(resolve, 0));
  engine.handle({ kind: "csv", mode: "live", requestId: 1 });
  const state = sent.filter((m): m is StateMessage => m.kind === "state").at(-1)!;
  const csv = sent.find((m): m is Extract<FromWorker, { kind: "csv" }> => m.kind === "csv")!.csv;
  return { state, csv };
}

describe(`the list at ${SIZE.toLocaleString("en")} rows, from the simulator to the worker`, () => {
  it("totals per currency equal the simulator's own, to the last minor unit", async () => {
    const { state } = await loaded(NO_FILTERS);
    expect(state.feed).toMatchObject({ status: "ready", loaded: SIZE, complete: true });
    expect(state.view!.count).toBe(SIZE);
    // The page shows a line per currency and status; the simulator sums per currency.
    const page = new Map<string, { count: number; payinCount: number; payoutCount: number; payins: Decimal; payouts: Decimal }>();
    for (const line of state.view!.totals) {
      const sum = page.get(line.currency) ?? { count: 0, payinCount: 0, payoutCount: 0, payins: new Decimal(0), payouts: new Decimal(0) };
      page.set(line.currency, {
        count: sum.count + line.count,
        payinCount: sum.payinCount + line.payinCount,
        payoutCount: sum.payoutCount + line.payoutCount,
        payins: sum.payins.plus(line.payins),
        payouts: sum.payouts.plus(line.payouts),
      });
    }
    const truth = ((await (await fetch(`${simulator.url}/_sim/totals?env=live`)).json()) as { items: SimTotal[] }).items;
    expect(truth.length).toBeGreaterThan(3);
    expect([...page.keys()].sort()).toEqual(truth.map((t) => t.currency));
    for (const t of truth) {
      const mine = page.get(t.currency)!;
      expect({ currency: t.currency, count: mine.count, payinCount: mine.payinCount, payoutCount: mine.payoutCount }).toEqual({
        currency: t.currency,
        count: t.count,
        payinCount: t.payinCount,
        payoutCount: t.payoutCount,
      });
      expect(mine.payins.equals(t.payins), `${t.currency} pay-ins ${mine.payins.toFixed()} vs ${t.payins}`).toBe(true);
      expect(mine.payouts.equals(t.payouts), `${t.currency} payouts ${mine.payouts.toFixed()} vs ${t.payouts}`).toBe(true);
    }
  });

  it("a filtered CSV is exactly the full export's matching lines, in the same order", async () => {
    const full = await loaded(NO_FILTERS);
    const lines = full.csv.split("\r\n");
    expect(lines[0]).toBe(TRANSACTION_FIELDS.join(","));
    expect(lines.at(-1)).toBe("");
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(SIZE);
    // No cell of the simulator's rows holds a comma or a quote, so a line splits into its fields.
    const column = (name: (typeof TRANSACTION_FIELDS)[number]) => TRANSACTION_FIELDS.indexOf(name);
    const rail = rows[0]!.split(",")[column("rail")]!;
    const filters: TransactionFilters = {
      ...NO_FILTERS,
      statuses: ["success"],
      types: ["payout"],
      rails: [rail as TransactionFilters["rails"][number]],
    };
    const matching = rows.filter((line) => {
      const cells = line.split(",");
      return cells[column("status")] === "success" && cells[column("type")] === "payout" && cells[column("rail")] === rail;
    });
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(SIZE);
    const filtered = await loaded(filters);
    expect(filtered.state.view!.count).toBe(matching.length);
    expect(filtered.csv).toBe(`${[lines[0], ...matching].join("\r\n")}\r\n`);
  });
});
