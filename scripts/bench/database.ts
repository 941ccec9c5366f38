// The bench's own embedded Postgres (as the demo and e2e start theirs), how long it takes to
// start, and the write store's cost per NGN payout (store-cost.ts, in a child process: it loads
// server-only modules, which need the react-server condition).
import { performance } from "node:perf_hooks";
import { DATABASE_DIR, DATABASE_PORT } from "./config";
import { runJsonScript, type Server, startServer } from "./processes";

export type DatabaseStart = { ms: number; server: Server };

export type StoreCost = {
  pairs: number;
  pg: { p50: number; p95: number };
  memory: { p50: number; p95: number };
  added: { p50: number; p95: number };
  /** The same with the audit trail's intent and outcome entries; auditAdded is pairwise against pg. */
  audited: { p50: number; p95: number };
  auditAdded: { p50: number; p95: number };
  /** What chaining the two entries with HMAC-SHA-256 (issue 53) costs over plain SHA-256, computed alone: p50/p95 per write. */
  keyedAdded: { p50: number; p95: number };
};

export type DatabaseResult = { newClusterMs: number; existingDataMs: number; store: StoreCost };

/**
 * Starts scripts/db/embedded-server.ts (what `npm run demo` runs) and resolves once it has
 * printed its URL, which it does after the cluster is up and migrated. `reset` wipes the data
 * first, as the demo does at every start.
 */
export async function startDatabase(reset: boolean): Promise<DatabaseStart> {
  const args = ["--conditions=react-server", "scripts/db/embedded-server.ts", "--port", String(DATABASE_PORT), "--data-dir", DATABASE_DIR];
  // A new cluster gets the throwaway passwords BENCH_ENV names; over existing data they are read from its file.
  const started = performance.now();
  const server = startServer("database", "tsx", reset ? [...args, "--reset", "--throwaway"] : args, {}, "pipe");
  await server.waitForOutput(/^DATABASE_URL=/m, 60_000);
  return { ms: performance.now() - started, server };
}

export function measureStoreCost(): Promise<StoreCost> {
  return runJsonScript<StoreCost>("scripts/bench/store-cost.ts");
}

/** New cluster, then again over the data it left; the second stays up for the run. */
export async function measureDatabase(): Promise<{ result: Omit<DatabaseResult, "store">; server: Server }> {
  const fresh = await startDatabase(true);
  await fresh.server.stop();
  const again = await startDatabase(false);
  return { result: { newClusterMs: fresh.ms, existingDataMs: again.ms }, server: again.server };
}
