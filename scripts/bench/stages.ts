// The list's cold load split into its stages, each timed on its own in this process as CPU time
// (process.cpuUsage, user + system), which a busy machine moves less than wall time: the BFF's
// (upstream HTTP + HMAC, upstream parse, row checks, merge, wire encoding, compression) and the
// worker's (transfer, decompression, parse, merge, index). Not a test and not part of
// `npm run bench`: `npx tsx --conditions=react-server scripts/bench/stages.ts [rows]`. The
// simulator runs in a child process, so its CPU is not counted; every other stage replays the
// pages it served. Each stage runs STAGE_ROUNDS times; the median is printed (docs/performance.md,
// thirtieth round), with the minor page faults it took: fresh memory costs 0.5-3 s per GB on the
// machines this runs on, so a stage's faults say what it costs where memory is slow.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { constants, createBrotliCompress, brotliDecompressSync } from "node:zlib";
import { Agent, request } from "undici";
import { authHeaders } from "@/lib/payments/signing";
import { isTransactionListEnvelope, readTransactionList } from "@/lib/payments/schemas/transactions";
import { createPaymentsClient } from "@/lib/payments";
import { limitInFlight } from "@/lib/payments/in-flight-limit";
import { undiciFetch } from "@/lib/payments/undici-fetch";
import { RowStore } from "@/features/transactions/server/row-store";
import { sourceFrom } from "@/features/transactions/server/registry";
import { TransactionSync } from "@/features/transactions/server/sync";
import { toTransactionRow } from "@/features/transactions/server/transaction-dto";
import { chunkBody } from "@/features/transactions/server/wire-body";
import { EncodedBlocks } from "@/features/transactions/server/encoded-blocks";
import { WIRE_BLOCK_ROWS } from "@/features/transactions/wire";
import { ChunkTextReader } from "@/features/transactions/wire-stream";
import { TransactionFeed } from "@/features/transactions/feed";
import type { BlockChunk } from "@/features/transactions/wire-stream";
import { TransactionRowView } from "@/features/transactions/view";
import { DEFAULT_SORT } from "@/features/transactions/sort";
import type { TransactionRow } from "@/lib/transaction-row";
import { DEFAULT_KEYS } from "../../simulator/sim";
import { median } from "./stats";
import { startSimulator } from "./sim-child";
import { NO_FILTERS } from "../../tests/transactions/fixtures";

const ROWS = Number(process.argv[2] ?? 100_000);
const PAGE = 100;
const STAGE_ROUNDS = Number(process.env.STAGE_ROUNDS ?? 3);
const PORT = Number(process.env.STAGES_PORT ?? 4590);
const BASE = `http://127.0.0.1:${PORT}`;
const KEYS = DEFAULT_KEYS.live;

type Figure = { cpuMs: number; wallMs: number; faults: number };
const results: { stage: string; side: string; cpuMs: number; wallMs: number; faults: number; note: string }[] = [];

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function timed(run: () => unknown): Promise<Figure> {
  const cpu0 = cpuMs();
  const faults0 = process.resourceUsage().minorPageFault;
  const wall0 = performance.now();
  await run();
  return { cpuMs: cpuMs() - cpu0, wallMs: performance.now() - wall0, faults: process.resourceUsage().minorPageFault - faults0 };
}

async function stage(side: string, name: string, note: string, run: () => unknown, setup?: () => unknown): Promise<void> {
  const figures: Figure[] = [];
  for (let i = 0; i < STAGE_ROUNDS; i++) {
    await setup?.();
    globalThis.gc?.();
    figures.push(await timed(run));
  }
  const row = {
    stage: name,
    side,
    cpuMs: median(figures.map((f) => f.cpuMs)),
    wallMs: median(figures.map((f) => f.wallMs)),
    faults: median(figures.map((f) => f.faults)),
    note,
  };
  results.push(row);
  console.log(
    `${side.padEnd(7)} ${name.padEnd(34)} cpu ${row.cpuMs.toFixed(0).padStart(5)} ms  wall ${row.wallMs.toFixed(0).padStart(5)} ms  faults ${String(row.faults).padStart(6)}  ${note}`,
  );
}

const agent = new Agent({ connections: 4, pipelining: 1 });

async function getPage(offset: number): Promise<Buffer> {
  const path = `/v1/transactions?limit=${PAGE}&offset=${offset}`;
  const { statusCode, body } = await request(`${BASE}${path}`, {
    dispatcher: agent,
    headers: authHeaders({ apiKey: KEYS.key, apiSecret: KEYS.secret, body: undefined, nowMs: Date.now() }),
  });
  const bytes = Buffer.from(await body.arrayBuffer());
  if (statusCode !== 200) throw new Error(`page ${offset}: ${statusCode}`);
  return bytes;
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const offsets = Array.from({ length: Math.ceil(ROWS / PAGE) }, (_, i) => i * PAGE);

class Done extends Error {}

const stop = await startSimulator(PORT, ROWS);
try {
  // Warm both processes' code once (the figures are of warm code; a cold process costs more, see the text).
  await pool(offsets.slice(0, 50), 4, async (o) => void (await getPage(o)));

  // --- the BFF's side -----------------------------------------------------------------------
  await stage(
    "BFF",
    "whole cold load, outside Next",
    "TransactionSync through the real client, 8 pages worked on, 4 on the wire",
    async () => {
      const client = createPaymentsClient({
        baseUrl: BASE,
        apiKey: KEYS.key,
        apiSecret: KEYS.secret,
        environment: "live",
        fetch: limitInFlight(undiciFetch, 4),
      });
      const sync = new TransactionSync(sourceFrom(client), { concurrency: 8 });
      sync.ensureLoaded();
      await sync.idle();
      if (sync.rows.size !== ROWS) throw new Error(`loaded ${sync.rows.size}`);
    },
  );
  // STAGES=load: the cold load alone, e.g. under --cpu-prof.
  if (process.env.STAGES === "load") throw new Done();

  const bodies: Buffer[] = [];
  await stage("BFF", "upstream HTTP (undici + HMAC)", "raw undici request, 4 in flight, bodies as bytes", async () => {
    await pool(offsets, 4, async (o) => void (bodies[o / PAGE] = await getPage(o)));
  });
  await stage("BFF", "  of it HMAC signing", "authHeaders per request", () => {
    for (let i = 0; i < offsets.length; i++) authHeaders({ apiKey: KEYS.key, apiSecret: KEYS.secret, body: undefined, nowMs: Date.now() });
  });

  let parsed: unknown[] = [];
  await stage("BFF", "upstream parse (decode + JSON.parse)", `${(bodies.reduce((n, b) => n + b.length, 0) / 1e6).toFixed(1)} MB`, () => {
    parsed = bodies.map((b) => JSON.parse(b.toString("utf8")) as unknown);
  });
  const rowsOnPage = (page: unknown): TransactionRow[] => {
    if (!isTransactionListEnvelope(page)) throw new Error("not a page");
    return readTransactionList(page).items.map(toTransactionRow);
  };
  const rowsOnBody = (body: Buffer) => rowsOnPage(JSON.parse(body.toString("utf8")));
  let rows: TransactionRow[][] = [];
  await stage(
    "BFF",
    "row checks (envelope + each row)",
    "readTransactionList + toTransactionRow",
    () => {
      rows = parsed.map(rowsOnPage);
    },
    () => {
      parsed = bodies.map((b) => JSON.parse(b.toString("utf8")) as unknown);
    },
  );
  let store = new RowStore();
  await stage(
    "BFF",
    "merge (RowStore.merge)",
    "",
    () => {
      for (const page of rows) store.merge(page);
    },
    () => void (store = new RowStore()),
  );
  await stage("BFF", "  merge again, nothing changed", "a refresh's compare, every field of every row", () => {
    for (const page of rows) store.merge(page.map((row) => ({ ...row })));
  });
  const heap = () => {
    globalThis.gc?.();
    return process.memoryUsage().heapUsed;
  };
  store = new RowStore();
  const withoutStore = heap();
  const measured = new RowStore();
  // From pages parsed again, so the store's strings are its own, not shared with `rows`.
  for (const body of bodies) measured.merge(rowsOnBody(body));
  store = measured;
  const storeBytes = heap() - withoutStore;
  console.log(`BFF     the row store's heap: ${(storeBytes / 1e6).toFixed(1)} MB, ${(storeBytes / ROWS).toFixed(0)} bytes a row`);
  const state = {
    epoch: "e",
    version: store.version,
    more: false,
    loaded: ROWS,
    unreadable: 0,
    total: ROWS,
    complete: true,
    syncing: false,
    error: null,
    syncedAt: null,
  };
  let pieces: Uint8Array[] = [];
  await stage("BFF", "wire encoding (blocks + TextEncoder)", "one answer of every row, from the store's columns", () => {
    const encoder = new TextEncoder();
    const { runs } = store.changeRuns(0, ROWS, WIRE_BLOCK_ROWS);
    const blocks = new EncodedBlocks();
    pieces = [...chunkBody("live", { rows: { runs, line: (run) => blocks.line(run) }, state })].map((p) =>
      typeof p === "string" ? encoder.encode(p) : p,
    );
  });
  const answerBytes = pieces.reduce((n, p) => n + p.length, 0);
  let compressed: Buffer = Buffer.alloc(0);
  await stage("BFF", "compression (brotli 1, 1 MB buffer)", `${(answerBytes / 1e6).toFixed(1)} MB in`, async () => {
    const brotli = createBrotliCompress({ chunkSize: 1 << 20, params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const out: Buffer[] = [];
    brotli.on("data", (d: Buffer) => out.push(d));
    const done = new Promise((resolve) => brotli.on("end", resolve));
    for (const p of pieces) brotli.write(p);
    brotli.end();
    await done;
    compressed = Buffer.concat(out);
  });

  // --- between them, and the worker's side (Node's V8 standing in for the worker's) -----------
  await stage("browser", "decompression (brotli)", `${(compressed.length / 1e6).toFixed(1)} MB in: the browser's network process`, () => {
    brotliDecompressSync(compressed);
  });
  const whole = Buffer.concat(pieces);
  for (const [label, payload] of [
    ["transfer, uncompressed", whole],
    ["transfer, brotli", compressed],
  ] as const) {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-length": payload.length });
      res.end(payload);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await stage("both", `loopback ${label}`, `${(payload.length / 1e6).toFixed(1)} MB; both ends in this process`, async () => {
      const { body } = await request(url);
      for await (const _ of body) void _;
    });
    server.close();
  }
  const text = whole.toString("utf8");
  const slices: string[] = [];
  for (let at = 0; at < text.length; at += 64 * 1024) slices.push(text.slice(at, at + 64 * 1024));
  const beforeWorker = heap();
  let chunk: BlockChunk | null = null;
  await stage("worker", "parse (blocks: JSON.parse + check)", "ChunkTextReader over 64 KB slices", () => {
    const reader = new ChunkTextReader();
    for (const s of slices) reader.push(s);
    chunk = reader.finish();
  });
  await stage("worker", "  of it JSON.parse of the blocks", "", () => {
    for (const line of text.split("\n").slice(1, -1)) JSON.parse(line.startsWith(",") ? line.slice(1) : line);
  });
  let read: BlockChunk | null = chunk;
  let feed: TransactionFeed | null = null;
  await stage("worker", "merge (feed: 10 answers of 10%)", "TransactionFeed.apply into the column store", async () => {
    const tenth = Math.ceil(read!.blocks.length / 10);
    let answer = 0;
    feed = new TransactionFeed(() => {
      const some = read!.blocks.slice(answer * tenth, (answer + 1) * tenth);
      answer++;
      return Promise.resolve({ ...read!, blocks: some, version: answer, more: answer < 10, syncing: false });
    });
    await feed.start();
  });
  // The parsed blocks are the answer's, not the list's: the worker drops them once they are in the store.
  chunk = null;
  read = null;
  const snapshot = (feed as TransactionFeed | null)!.getSnapshot();
  await stage("worker", "index (sort + filter + totals)", "first view of every row, newest first", () => {
    const view = new TransactionRowView();
    const filtered = view.rows({ rows: snapshot.rows, grownFrom: null, sort: DEFAULT_SORT, filters: NO_FILTERS });
    view.totalsOf(filtered);
  });
  const view = new TransactionRowView();
  const workerBytes = heap() - beforeWorker;
  console.log(
    `worker  the list's heap (column store, feed, index): ${(workerBytes / 1e6).toFixed(1)} MB, ${(workerBytes / ROWS).toFixed(0)} bytes a row`,
  );
  view.rows({ rows: snapshot.rows, grownFrom: null, sort: DEFAULT_SORT, filters: NO_FILTERS });
  let flip = false;
  await stage("worker", "a filter change (status) + totals", "", () => {
    flip = !flip;
    const filtered = view.rows({
      rows: snapshot.rows,
      grownFrom: null,
      sort: DEFAULT_SORT,
      filters: { ...NO_FILTERS, statuses: flip ? ["success"] : ["failed"] },
    });
    view.totalsOf(filtered);
  });
  console.log(JSON.stringify({ rows: ROWS, answerBytes, compressedBytes: compressed.length, results }));
} catch (error) {
  if (!(error instanceof Done)) throw error;
} finally {
  stop();
  await agent.close();
}
