import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createWriteStream, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { DASHBOARD_SERVER, E2E_ENV, SENTINELS } from "../../e2e/env";
import { startSimulator, type RunningSimulator } from "../../simulator/server";
import { startEmbeddedPostgres } from "@/lib/server/db/embedded";

// The fuzz's own database (embedded Postgres in a temporary directory) and simulator (both in
// this process) and dashboard (server.ts over the production build, in a child), on free
// loopback ports, with the e2e run's sentinel keys.

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The seeded demo users' TOTP secrets: the callers sign in with real codes (scripts/staff-sign-in.ts). */
export const FUZZ_TOTP_FILE = path.join(ROOT, ".data/fuzz-totp.json");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, dashboard: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dashboard.exitCode !== null) throw new Error(`the dashboard exited with code ${dashboard.exitCode} (see its log)`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the dashboard did not answer ${url} within ${timeoutMs / 1000} s`);
}

export type Stack = { simulator: RunningSimulator; dashboard: ChildProcess; port: number; origin: string; stop(): Promise<void> };

export async function startStack(logFile: string): Promise<Stack> {
  writeFileSync(logFile, "");
  const database = await startEmbeddedPostgres({
    dataDir: await mkdtemp(path.join(tmpdir(), "console-fuzz-pg-")),
    port: await freePort(),
    persistent: false,
    log: () => {},
  });
  const simulator = await startSimulator({
    host: "127.0.0.1",
    keys: {
      test: { key: SENTINELS.testKey, secret: SENTINELS.testSecret },
      live: { key: SENTINELS.liveKey, secret: SENTINELS.liveSecret },
    },
  }).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    ...E2E_ENV,
    DATABASE_URL: database.url,
    DATABASE_MIGRATION_URL: database.migrationUrl,
    PAYMENTS_BASE_URL: simulator.url,
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: "warn",
  };
  let dashboard: ChildProcess | undefined;
  const stop = async () => {
    if (dashboard && dashboard.exitCode === null) {
      const exited = new Promise((resolve) => dashboard!.once("exit", resolve));
      dashboard.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (dashboard.exitCode === null) dashboard.kill("SIGKILL");
    }
    await simulator.close();
    await database.stop();
  };
  try {
    // The database is prepared (migrated) by the seeding, as by the dashboard's own start.
    execFileSync(
      path.join(ROOT, "node_modules/.bin/tsx"),
      ["--conditions=react-server", "scripts/seed-users.ts", "--totp-file", FUZZ_TOTP_FILE],
      {
        cwd: ROOT,
        env,
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    dashboard = spawn(process.execPath, [DASHBOARD_SERVER, "-p", String(port), "-H", "127.0.0.1"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const log = createWriteStream(logFile);
    dashboard.stdout?.pipe(log);
    dashboard.stderr?.pipe(log);
    await waitForHealth(`${origin}/api/health`, dashboard, 60_000);
  } catch (error) {
    await stop();
    throw error instanceof Error && "stderr" in error ? new Error(`seeding users failed: ${String(error.stderr).trim()}`) : error;
  }
  return { simulator, dashboard, port, origin, stop };
}
