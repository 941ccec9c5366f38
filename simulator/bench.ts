// Performance figures (not tests): `npx tsx simulator/bench.ts [size]`.
// Seeds `size` live rows (default 100,000), then times signed pages of 100.

import { createHmac } from "node:crypto";
import { startSimulator } from "./server";
import { DEFAULT_KEYS } from "./sim";

const size = Number(process.argv[2] ?? 100_000);
const rounds = 200;

const t0 = performance.now();
const sim = await startSimulator({ port: 0, liveSize: size, testSize: 0 });
const seedMs = performance.now() - t0;
const heapMb = process.memoryUsage().heapUsed / 1e6;

async function page(offset: number, type?: string): Promise<number> {
  const ts = String(Math.floor(Date.now() / 1000));
  const headers = {
    "X-Service-Key": DEFAULT_KEYS.live.key,
    "X-Service-Timestamp": ts,
    "X-Service-Signature": createHmac("sha256", DEFAULT_KEYS.live.secret).update(`${ts}.`).digest("hex"),
  };
  const q = `limit=100&offset=${offset}${type ? `&type=${type}` : ""}`;
  const start = performance.now();
  const r = await fetch(`${sim.url}/v1/transactions?${q}`, { headers });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`status ${r.status}`);
  return performance.now() - start;
}

const times: number[] = [];
for (let i = 0; i < rounds; i++)
  times.push(await page(Math.floor(Math.random() * Math.max(size - 100, 1)), i % 3 === 0 ? "payin" : undefined));
times.sort((a, b) => a - b);
const pct = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(2);
console.log(`seed ${size} live rows + start: ${seedMs.toFixed(0)} ms; heap ${heapMb.toFixed(0)} MB`);
console.log(`GET /v1/transactions limit=100 over HTTP (${rounds} calls): p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`);
await sim.close();
