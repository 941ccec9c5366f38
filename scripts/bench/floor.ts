// The floor for (b): every page of the list read straight from the simulator, with the
// same page size, concurrency and HTTP client (undici's `request`) the BFF uses, signed as
// §5 asks. No parsing beyond JSON, no merging: the least any client could spend on the
// same requests.
import { createHmac } from "node:crypto";
import { request } from "undici";
import { CONCURRENCY, KEYS, PAGE_SIZE, SIMULATOR_URL } from "./config";
import { cpuBetween, meanCpu, sampleCpu, type CpuGroups, type CpuUse } from "./cpu";
import { median } from "./stats";

export type Page = { items: { id: string; rail: string; type: string }[]; total: number };

export async function getPage(offset: number): Promise<Page> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", KEYS.live.secret).update(`${timestamp}.`).digest("hex");
  const { statusCode, body } = await request(`${SIMULATOR_URL}/v1/transactions?limit=${PAGE_SIZE}&offset=${offset}`, {
    headers: { "X-Service-Key": KEYS.live.key, "X-Service-Timestamp": timestamp, "X-Service-Signature": signature },
  });
  if (statusCode !== 200) {
    await body.dump();
    throw new Error(`floor: GET offset ${offset} answered ${statusCode}`);
  }
  return (await body.json()) as Page;
}

export type FloorRun = { ms: number; rows: number; firstPageMs: number; cpu: CpuUse };

/**
 * One read of every page (first page alone, then the rest 4 at a time, like the BFF): its
 * milliseconds, row count, and the CPU it took (the simulator, and this process as the client).
 */
export async function measureFloor(groups: CpuGroups): Promise<FloorRun> {
  const cpuBefore = sampleCpu(groups);
  const started = performance.now();
  const first = await getPage(0);
  const firstPageMs = performance.now() - started;
  const offsets: number[] = [];
  for (let offset = PAGE_SIZE; offset < first.total; offset += PAGE_SIZE) offsets.push(offset);
  let rows = first.items.length;
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const page = await getPage(offsets[next++]!);
      rows += page.items.length;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = performance.now() - started;
  return { ms, rows, firstPageMs, cpu: cpuBetween(cpuBefore, sampleCpu(groups)) };
}

export async function measureFloorRuns(groups: CpuGroups, count: number): Promise<FloorRun[]> {
  const runs: FloorRun[] = [];
  for (let i = 0; i < count; i++) runs.push(await measureFloor(groups));
  return runs;
}

/** `coldMs`: the first read after the simulator's reset, reported but not the reference (NaN where none was read). */
export type Floor = { ms: number; coldMs: number; runs: number[]; rows: number; firstPageMs: number; cpu: CpuUse };

/** The reference for (b): the median warm run (the machine's load drifts), the fastest first page, and the mean CPU. */
export function summariseFloor(cold: FloorRun | null, runs: FloorRun[]): Floor {
  return {
    ms: median(runs.map((run) => run.ms)),
    coldMs: cold?.ms ?? NaN,
    runs: runs.map((run) => run.ms),
    rows: runs.at(-1)!.rows,
    firstPageMs: Math.min(...runs.map((run) => run.firstPageMs)),
    cpu: meanCpu(runs.map((run) => run.cpu)),
  };
}

/**
 * The floor read around one measurement, as (b) compares them: a first read (reported as "cold",
 * never the reference), `before` reads, the measurement, `after` reads. The machine's load drifts,
 * so the reference is the median of the reads on both sides.
 */
export async function aroundFloor<T>(
  groups: () => CpuGroups,
  runs: { before: number; after: number },
  measure: () => Promise<T>,
): Promise<{ floor: Floor; result: T }> {
  const cold = await measureFloor(groups());
  const before = await measureFloorRuns(groups(), runs.before);
  const result = await measure();
  const after = await measureFloorRuns(groups(), runs.after);
  return { floor: summariseFloor(cold, [...before, ...after]), result };
}

/**
 * Floor reads for a series of measurements, each compared with the reads just before and after it,
 * reads shared between neighbours (one read takes ~6.5 s at 20 ms of latency); no cold read first
 * (docs/decisions/0125). Answers the function that runs one measurement of the series.
 */
export async function floorSeries(
  read: () => Promise<FloorRun>,
): Promise<<T>(measure: () => Promise<T>) => Promise<{ floor: Floor; result: T }>> {
  let before = await read();
  return async (measure) => {
    const result = await measure();
    const after = await read();
    const floor = summariseFloor(null, [before, after]);
    before = after;
    return { floor, result };
  };
}

/**
 * Like floorSeries, but the floor is read once, before the first measurement, and every
 * measurement is compared with that read: where one read takes over a minute (a million rows,
 * 20 ms away) and its figure has no other use (docs/decisions/0157).
 */
export async function floorBefore(
  read: () => Promise<FloorRun>,
): Promise<<T>(measure: () => Promise<T>) => Promise<{ floor: Floor; result: T }>> {
  const floor = summariseFloor(null, [await read()]);
  return async (measure) => ({ floor, result: await measure() });
}
