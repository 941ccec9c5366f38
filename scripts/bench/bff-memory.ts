// The BFF's memory over a cold load of the list, in one Node process (docs/performance.md,
// thirty-second round): the simulator in a child process, TransactionSync through the real client,
// and a reader taking the answers as a tab does (each wire piece encoded, then dropped). Prints RSS
// and V8's heap per space before, at the peak (sampled), once every row is read (the bench's
// "after") and after a full GC, then what the sync alone held. Not part of `npm run bench`:
// `npx tsx --conditions=react-server --expose-gc scripts/bench/bff-memory.ts [rows]`.
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import { createPaymentsClient } from "@/lib/payments";
import { limitInFlight } from "@/lib/payments/in-flight-limit";
import { undiciFetch } from "@/lib/payments/undici-fetch";
import { WIRE_CHUNK_ROWS } from "@/features/transactions/contracts";
import { sourceFrom } from "@/features/transactions/server/registry";
import { TransactionSync } from "@/features/transactions/server/sync";
import { chunkBody } from "@/features/transactions/server/wire-body";
import { DEFAULT_KEYS } from "../../simulator/sim";
import { startSimulator } from "./sim-child";

const ROWS = Number(process.argv[2] ?? 1_000_000);
const PORT = Number(process.env.STAGES_PORT ?? 4591);
const SAMPLE_MS = 20;
const MB = 1e6;

type Spaces = Record<string, { size: number; used: number }>;
type Reading = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; spaces: Spaces };

function spaces(): Spaces {
  const out: Spaces = {};
  for (const s of v8.getHeapSpaceStatistics()) out[s.space_name] = { size: s.space_size, used: s.space_used_size };
  return out;
}

function reading(): Reading {
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external, arrayBuffers, spaces: spaces() };
}

function fullGc(): void {
  if (!globalThis.gc) throw new Error("run with --expose-gc");
  globalThis.gc();
  globalThis.gc();
}

/** VmHWM of this process (the kernel's own peak RSS), bytes. */
function peakRss(): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return Number(line?.[1] ?? 0) * 1024;
}

function print(label: string, r: Reading, base: Reading): void {
  const spaceText = Object.entries(r.spaces)
    .filter(([, s]) => s.size > 0)
    .map(([name, s]) => `${name.replace("_space", "")} ${(s.used / MB).toFixed(1)}/${(s.size / MB).toFixed(1)}`)
    .join(", ");
  console.log(
    `${label.padEnd(22)} rss ${(r.rss / MB).toFixed(1)} MB (+${((r.rss - base.rss) / MB).toFixed(1)}), heap used ${(r.heapUsed / MB).toFixed(1)} MB (+${((r.heapUsed - base.heapUsed) / MB).toFixed(1)}), external ${(r.external / MB).toFixed(1)}, array buffers ${(r.arrayBuffers / MB).toFixed(1)}\n    spaces used/committed MB: ${spaceText}`,
  );
}

/** Reads every answer as a tab does (since = the last version, long poll, batches), until the load is complete. */
async function readAsATab(sync: TransactionSync): Promise<{ answers: number; bytes: number }> {
  const encoder = new TextEncoder();
  let since = 0;
  let answers = 0;
  let bytes = 0;
  for (;;) {
    await sync.waitForChange(since, 15_000, undefined, since === 0 ? undefined : { rows: WIRE_CHUNK_ROWS, settleMs: 250 });
    const { rows, state } = sync.wireChunk(since, WIRE_CHUNK_ROWS);
    for (const piece of chunkBody("live", { rows, state }))
      bytes += typeof piece === "string" ? encoder.encode(piece).length : piece.byteLength;
    answers++;
    since = state.version;
    if (state.complete && !state.more) return { answers, bytes };
    if (state.error) throw new Error(state.error);
  }
}

const stop = await startSimulator(PORT, ROWS);
try {
  const keys = DEFAULT_KEYS.live;
  const client = createPaymentsClient({
    baseUrl: `http://127.0.0.1:${PORT}`,
    apiKey: keys.key,
    apiSecret: keys.secret,
    environment: "live",
    fetch: limitInFlight(undiciFetch, 4),
  });
  // The code warm and its modules loaded, as in a server that has answered before.
  const warm = new TransactionSync(sourceFrom(client));
  await warm.loadFirstPage();
  fullGc();
  const before = reading();
  let peak = before;
  const peakSpaces: Spaces = structuredClone(before.spaces);
  const sampler = setInterval(() => {
    const now = reading();
    if (now.rss > peak.rss) peak = now;
    for (const [name, s] of Object.entries(now.spaces)) {
      const top = (peakSpaces[name] ??= { size: 0, used: 0 });
      top.size = Math.max(top.size, s.size);
      top.used = Math.max(top.used, s.used);
    }
  }, SAMPLE_MS);
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let sync: TransactionSync | null = new TransactionSync(sourceFrom(client), { concurrency: 8 });
  sync.ensureLoaded();
  const read = process.env.MEMORY_READER === "0" ? { answers: 0, bytes: 0 } : await readAsATab(sync);
  await sync.idle();
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - wall0;
  if (sync.rows.size !== ROWS) throw new Error(`loaded ${sync.rows.size}`);
  const after = reading();
  const hwm = peakRss();
  fullGc();
  const collected = reading();
  sync = null;
  fullGc();
  const without = reading();

  console.log(
    `${ROWS.toLocaleString("en")} rows: load ${(wallMs / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; ${read.answers} answers, ${(read.bytes / MB).toFixed(1)} MB read`,
  );
  print("before", before, before);
  print("peak (sampled rss)", peak, before);
  console.log(
    `    peak per space (used/committed MB, each its own max): ${Object.entries(peakSpaces)
      .filter(([, s]) => s.size > 0)
      .map(([name, s]) => `${name.replace("_space", "")} ${(s.used / MB).toFixed(1)}/${(s.size / MB).toFixed(1)}`)
      .join(", ")}; VmHWM ${(hwm / MB).toFixed(1)} MB (+${((hwm - before.rss) / MB).toFixed(1)})`,
  );
  print("after the load", after, before);
  print("after a full GC", collected, before);
  print("sync dropped, GC", without, before);
  const held = collected.heapUsed - without.heapUsed;
  const heldOutside = collected.external - without.external;
  console.log(
    `the sync held ${(held / MB).toFixed(1)} MB of heap (${(held / ROWS).toFixed(0)} B/row) + ${(heldOutside / MB).toFixed(1)} MB outside it (${(heldOutside / ROWS).toFixed(0)} B/row)`,
  );
  console.log(
    JSON.stringify({
      rows: ROWS,
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs,
      rssGrowth: after.rss - before.rss,
      hwmGrowth: hwm - before.rss,
      afterGcGrowth: collected.rss - before.rss,
      syncHeap: held,
      syncExternal: heldOutside,
    }),
  );
} finally {
  stop();
}
