// `npm run demo`: the simulator and the production-built dashboard together, with one
// demo staff user per role, over the embedded Postgres (data in .data/pg, wiped at each
// start since the simulator starts fresh too: no row may point at a transaction that no
// longer exists), or over DATABASE_URL when set (then not wiped). Ctrl-C stops them all.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { describeDatabaseUrl } from "../lib/server/db/url";
import { projectDistDir } from "../server/edge/dist-dir";
import { DRAIN_DEADLINE_MS } from "../lib/server/lifecycle/drain";
import { DEMO_EMBEDDED, embeddedUrls, readCredentials } from "../lib/server/db/embedded-url";
import { DEMO_AUDIT_KEY, DEMO_MFA_ENCRYPTION_KEY } from "./demo-secrets";
import { SERVER_BUNDLE } from "./server-bundle.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
// Fixed by default (the README's links); DEMO_* move them, so a test can run a demo of its own
// beside a running one (e2e/demo-stop.spec.ts).
const SIMULATOR_PORT = Number(process.env.DEMO_SIMULATOR_PORT) || 4010;
const DASHBOARD_PORT = Number(process.env.DEMO_DASHBOARD_PORT) || 3000;
const DATABASE_PORT = Number(process.env.DEMO_DATABASE_PORT) || DEMO_EMBEDDED.port;
/** The demo's files: the database's (pg/, wiped at each start) and the TOTP secrets and their seed beside it. */
const DATA_DIR = path.resolve(ROOT, process.env.DEMO_DATA_DIR || path.dirname(DEMO_EMBEDDED.dataDir));
const SIMULATOR_URL = `http://127.0.0.1:${SIMULATOR_PORT}`;
const DASHBOARD_URL = `http://localhost:${DASHBOARD_PORT}`;
const PASSWORD = "demo-password-123";
/** The demo users the table prints: one per role, and the second admin (an approval policy change needs two). */
const DEMO_ACCOUNTS = [
  ["admin@demo.test", "admin"],
  ["finance@demo.test", "finance"],
  ["support@demo.test", "support"],
  ["viewer@demo.test", "viewer"],
  ["approver@demo.test", "approver"],
  ["admin2@demo.test", "admin"],
] as const;
/** Where the seeding writes the demo users' TOTP secrets (gitignored .data/, readable by this user only). */
const TOTP_FILE = path.join(DATA_DIR, "demo-totp.json");
/** What those secrets are made from, kept across starts (outside pg/, wiped at each): the same secrets every start. */
const TOTP_SEED_FILE = path.join(DATA_DIR, "demo-totp-seed");

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

/**
 * What the demo runs, each in a process group of its own (detached): a Ctrl-C in the terminal
 * reaches only this script's group (npm, tsx, this script), never a service directly, so the stop
 * below keeps its order. Postgres especially: in the terminal's group it stopped at the first
 * Ctrl-C, before the dashboard had written its shutdown audit anchor (57P03).
 */
type Service = { name: string; child: ChildProcess; exited: Promise<void>; deadlineMs: number };
/** In stop order: the dashboard (it drains what it started, then anchors the audit chain), the simulator, the database. */
const STOP_ORDER = ["dashboard", "simulator", "database"] as const;
const services = new Map<(typeof STOP_ORDER)[number], Service>();
let stopping = false;
let stoppingSince = 0;
/** One Ctrl-C can arrive more than once (through the terminal's group and again from npm and tsx): a second within this is the same. */
const SAME_SIGNAL_MS = 1_000;
/** The service being stopped now: a second Ctrl-C is passed on to it ("stop now"). */
let stoppingNow: Service | undefined;

function start(
  name: (typeof STOP_ORDER)[number],
  command: string,
  args: string[],
  { stdout = "inherit", deadlineMs = 10_000 }: { stdout?: "inherit" | "pipe"; deadlineMs?: number } = {},
): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ["ignore", stdout, "inherit"], detached: true });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  services.set(name, { name, child, exited, deadlineMs });
  child.on("exit", (code, signal) => {
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

/** To the service's whole group (tsx runs node underneath; the database's group holds Postgres). */
function signal(service: Service, name: NodeJS.Signals): void {
  if (service.child.pid === undefined || service.child.exitCode !== null || service.child.signalCode !== null) return;
  try {
    process.kill(-service.child.pid, name);
  } catch {
    // Already gone.
  }
}

/** SIGTERM, then its exit; SIGKILL to what is left past its deadline, so nothing outlives the demo. */
async function stopService(service: Service): Promise<void> {
  stoppingNow = service;
  signal(service, "SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), service.deadlineMs)));
  if ((await Promise.race([service.exited, late])) === "late") {
    console.error(`The ${service.name} did not stop within ${service.deadlineMs / 1000} s: killed.`);
    signal(service, "SIGKILL");
    await service.exited;
  }
  clearTimeout(timer);
  console.log(`Stopped the ${service.name}.`);
}

function stop(exitCode: number): void {
  // A second Ctrl-C passes on: the dashboard takes a later signal as "stop now" (lib/server/lifecycle/drain.ts).
  if (stopping) {
    if (stoppingNow && Date.now() - stoppingSince > SAME_SIGNAL_MS) signal(stoppingNow, "SIGTERM");
    return;
  }
  stopping = true;
  stoppingSince = Date.now();
  process.exitCode = exitCode;
  console.log(
    "Stopping: the dashboard answers what it has started first (Ctrl-C again to stop at once), then the simulator, then the database.",
  );
  void (async () => {
    for (const name of STOP_ORDER) {
      const service = services.get(name);
      if (service) await stopService(service);
    }
  })().finally(() => process.exit(exitCode));
}

/**
 * The embedded server, fresh (reset) like the simulator, unless DATABASE_URL names another: run by
 * scripts/db/embedded-server.ts in a group of its own (see Service), which prints its URL once
 * the database is migrated and stops Postgres on SIGTERM.
 */
async function startDatabase(): Promise<string> {
  if (process.env.DATABASE_URL) {
    console.log(
      `Using DATABASE_URL (${describeDatabaseUrl(process.env.DATABASE_URL)}); the demo migrates it and seeds it if it holds no staff users besides the demo's, and does not wipe it.`,
    );
    return process.env.DATABASE_URL;
  }
  const dataDir = path.join(DATA_DIR, "pg");
  const args = ["--conditions=react-server", "scripts/db/embedded-server.ts", "--reset", "--demo", "--port", String(DATABASE_PORT)];
  const database = start("database", path.join(BIN, "tsx"), [...args, "--data-dir", dataDir], { stdout: "pipe" });
  await new Promise<void>((resolve, reject) => {
    database.once("exit", () => reject(new Error("The embedded Postgres did not start (its output is above).")));
    // Its lines pass through; the URL line (printed without its password into a pipe) says it is ready.
    createInterface({ input: database.stdout! }).on("line", (line) => {
      if (line.startsWith("DATABASE_URL=")) resolve();
      else console.log(line);
    });
  });
  // The passwords are the cluster's own, in its 0600 file: the dashboard and the seeding run as the
  // app's role, and migrate as the superuser.
  const credentials = await readCredentials(dataDir);
  if (!credentials) throw new Error(`The embedded Postgres wrote no credentials file in ${dataDir}.`);
  const urls = embeddedUrls(DATABASE_PORT, credentials);
  childEnv.DATABASE_MIGRATION_URL = urls.migrationUrl;
  return urls.url;
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
  return DEMO_ACCOUNTS.map(([email, role]) => `    ${email.padEnd(20)} ${role.padEnd(8)} TOTP secret ${secrets[email] ?? "?"}`).join("\n");
}

/**
 * SIGINT (a Ctrl-C reaches npm and this script) and SIGTERM (to npm, passed on by it) alike.
 * `npm run demo` runs this script in node with tsx as a loader (`node --import tsx`), not under
 * tsx's CLI: that CLI is a parent process that waits 30 ms for its child to say it took a signal,
 * then sends it again and SIGKILLs the child 30 ms later. On a busy machine the answer came late
 * and the demo was killed in the middle of its stop, before the database (demo-stop.spec.ts).
 */
function ownSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));
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
  delete childEnv.DATABASE_EMBEDDED; // server.ts refuses both

  // Seeding (it migrates first) runs while the simulator and the dashboard start; the
  // dashboard migrates at start too, behind the same advisory lock.
  const seeded = run("seed users", path.join(BIN, "tsx"), [
    "--conditions=react-server",
    "scripts/seed-users.ts",
    "--totp-file",
    TOTP_FILE,
    "--totp-seed",
    TOTP_SEED_FILE,
    "--approval-policies",
  ]);
  start("simulator", path.join(BIN, "tsx"), ["simulator/main.ts"]);
  // The same server as `npm start` (server.ts in front of Next, as the build bundled it).
  // It may wait for a money write in flight up to its drain deadline; a little more before it is killed.
  start("dashboard", process.execPath, [server, "-p", String(DASHBOARD_PORT)], { deadlineMs: DRAIN_DEADLINE_MS + 5_000 });
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
