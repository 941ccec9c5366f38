// The machine's own speed, measured the same way at the start of every run, with nothing of the
// dashboard in it. Every ratio of the bench is against a floor read on the same machine, but a
// load needs several times its floor's CPU (the floor mostly waits), so a slower machine stretches
// a load more than its floor and moves the ratios too. The same commit (8a7dd51) read 1.23 at 5 ms
// on one machine and 2.07 on another whose loopback floor was 3.6× slower (docs/performance.md,
// eleventh round); these three figures say which kind of machine a run had, so runs on different
// machines are not taken for a regression.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { median } from "./stats";

export type MachineSpeed = {
  /** JSON.stringify then JSON.parse of a fixed 100,000-row list (~26 MB of JSON), median of 5: the BFF's and the worker's kind of work. */
  jsonMs: number;
  /** One keep-alive HTTP GET of a 1 KB answer over loopback, client and server in this process, median of 2,000: the floor's kind of work. */
  roundTripUs: number;
  /** Writing fresh memory, per GB (a 256 MB buffer, median of 3): page faults, which cost more in some virtual machines. */
  freshMemoryMsPerGb: number;
};

/**
 * Deterministic rows shaped like the list's upstream items (same keys, similar lengths). Made here,
 * not taken from the simulator: the figure must not move when the simulator's data does.
 */
function fixedRows(count: number): object[] {
  const rows: object[] = [];
  for (let i = 0; i < count; i++) {
    const id = `tx_${i.toString(36).padStart(12, "0")}`;
    rows.push({
      id,
      type: i % 3 === 0 ? "payout" : "payin",
      status: ["success", "pending", "failed"][i % 3],
      amount: `${(i * 37) % 100_000}.${String(i % 100).padStart(2, "0")}`,
      currency: ["BDT", "BRL", "INR", "USDC", "NGN", "PYUSD"][i % 6],
      rail: ["bangladesh", "brazil", "india", "europe", "nigeria", "pyusd"][i % 6],
      railLabel: "Rail label",
      paidAmount: i % 2 === 0 ? null : "12.50",
      platformOrderId: `order-${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      completedAt: i % 2 === 0 ? null : new Date(Date.UTC(2026, 0, 1) + i * 60_000 + 5_000).toISOString(),
    });
  }
  return rows;
}

function measureJson(): number {
  const rows = fixedRows(100_000);
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    JSON.parse(JSON.stringify(rows));
    runs.push(performance.now() - started);
  }
  return median(runs);
}

async function measureRoundTrip(): Promise<number> {
  const body = "x".repeat(1024);
  const server = createServer((_req, res) => res.end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const dispatcher = new Agent({ connections: 1 });
  try {
    const get = async () => {
      const started = performance.now();
      const answer = await request(`http://127.0.0.1:${port}/`, { dispatcher });
      await answer.body.text();
      return performance.now() - started;
    };
    for (let i = 0; i < 200; i++) await get(); // warm-up: the connection and the code
    const runs: number[] = [];
    for (let i = 0; i < 2_000; i++) runs.push(await get());
    return median(runs) * 1000;
  } finally {
    await dispatcher.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function measureFreshMemory(): number {
  const bytes = 256 * 1024 * 1024;
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    // allocUnsafe leaves the pages untouched; fill writes every one of them.
    Buffer.allocUnsafe(bytes).fill(1);
    runs.push(((performance.now() - started) * (1024 * 1024 * 1024)) / bytes);
  }
  return median(runs);
}

export async function measureMachineSpeed(): Promise<MachineSpeed> {
  return { jsonMs: measureJson(), roundTripUs: await measureRoundTrip(), freshMemoryMsPerGb: measureFreshMemory() };
}

export const describeSpeed = (s: MachineSpeed) =>
  `JSON of 100,000 rows ${Math.round(s.jsonMs)} ms, a loopback round trip ${Math.round(s.roundTripUs)} µs, fresh memory ${Math.round(s.freshMemoryMsPerGb)} ms/GB`;
