// Ports, folders and the environment of one benchmark run. Ports and build folders
// are the bench's own, so a run never collides with `npm test` (3100/4110) or the demo.
import path from "node:path";
import { CSRF_HEADERS } from "@/lib/contracts/csrf";
import { embeddedUrls, THROWAWAY_CREDENTIALS } from "../../lib/server/db/embedded-url";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BIN = path.join(ROOT, "node_modules", ".bin");

export const SIMULATOR_PORT = 4210;
export const DASHBOARD_PORT = 3200;
export const EMPTY_APP_PORT = 3201;
export const SIMULATOR_URL = `http://127.0.0.1:${SIMULATOR_PORT}`;
export const DASHBOARD_URL = `http://localhost:${DASHBOARD_PORT}`;
export const EMPTY_APP_URL = `http://localhost:${EMPTY_APP_PORT}`;

/** The dashboard's build folder (next.config.mjs reads NEXT_DIST_DIR); `.next-*` is gitignored. */
export const DASHBOARD_DIST_DIR = ".next-bench";
export const EMPTY_APP_DIR = path.join(ROOT, "bench", "empty-app");
/** Its build folder (bench/empty-app/next.config.mjs: distDir). */
export const EMPTY_APP_DIST_DIR = ".next-bench";

/** The targets are at 100,000 rows (issue 21); BENCH_SIZES=20000,100000 adds a smaller list. */
export const SIZES = [100_000] as const;
/** What the BFF uses toward the upstream (features/transactions/server/sync.ts): the floor uses the same. */
export const PAGE_SIZE = 100;
export const CONCURRENCY = 4;
export const FILTER_CHANGES = 50;
/** Rounds of FILTER_CHANGES clicks; (c) is judged on the median of their p95 (issue 21). */
export const FILTER_ROUNDS = 3;
/** Runs per (b) condition; each is judged on the median ratio (issue 21). */
export const CONDITION_RUNS = 3;
/**
 * Runs of the second viewer. Five from the fourth round, when its main-thread time moved between
 * 356 and 699 ms, either side of the 0.6 s target; three (the least) since the thirteenth,
 * when it reads 1.0–1.3 s and each run costs ~6 s of a bench that must fit in 10 minutes.
 */
export const SECOND_VIEWER_RUNS = 3;
/**
 * Bare browser pages read beside each second viewer (no target, a reference): one a run, five in
 * all; three a run took ~20 s of a bench that must fit in 10 minutes (issue 21).
 */
export const BARE_READS_PER_RUN = 1;
/** How long a page may take to show every row before a run gives up. */
export const LOAD_TIMEOUT_MS = 300_000;
/**
 * One Lighthouse run per page: accessibility is deterministic, and performance reads 97–100 run
 * after run on every page but one; three runs of every page took ~4.5 min of a bench that must
 * fit in 10 (issue 21). BENCH_LIGHTHOUSE_RUNS=3 restores the median of 3 everywhere.
 */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
/**
 * The page that is not like the others: /transactions streams 100,000 rows while Lighthouse
 * watches, and its performance read 77–100 between single runs of the same code (thirteenth and
 * fourteenth rounds). Issue 21 judges a target that close to the noise on the median of at least 3
 * runs, so it always gets 3 (~30 s more), chosen before any run, whatever its first score says.
 */
export const LIGHTHOUSE_MEDIAN_ROUTES: ReadonlySet<string> = new Set(["/transactions"]);

/** Lighthouse runs for a page: at least 3 on the routes above. */
export const lighthouseRunsFor = (route: string): number =>
  LIGHTHOUSE_MEDIAN_ROUTES.has(route) ? Math.max(3, LIGHTHOUSE_RUNS) : LIGHTHOUSE_RUNS;
/**
 * Pages whose JS is measured at once: the bytes do not depend on the machine's load, and each
 * page waits a fixed 3 s after its load event, so 8 at once take ~10 s less than 4 (fourteenth round).
 */
export const JS_MEASURE_CONCURRENCY = 8;

/** The bench's own embedded Postgres, a new cluster at every run (as the demo's). */
export const DATABASE_PORT = 54349;
export const DATABASE_DIR = ".data/bench-pg";
export const EMAIL = "admin@demo.test";
/** An admin added without a second factor (scripts/users.ts), whose password sign-in owes its enrolment: /sign-in/enrol's visitor. */
export const ENROLMENT_EMAIL = "enrolment@bench.test";
export const PASSWORD = "demo-password-123";
/** The seeded demo users' TOTP secrets (scripts/seed-users.ts --totp-file): the bench signs in with real codes. */
export const TOTP_FILE = ".data/bench-totp.json";

// The simulator's documented demo keys (simulator/README.md): a benchmark, not production.
export const KEYS = {
  test: { key: "mrp_test_demo_key", secret: "mrp_test_demo_secret_change_me_0000000000" },
  live: { key: "mrp_live_demo_key", secret: "mrp_live_demo_secret_change_me_0000000000" },
} as const;

/** For the simulator, the dashboard and its build (each reads what it needs). */
export const BENCH_ENV: Record<string, string> = {
  PAYMENTS_BASE_URL: SIMULATOR_URL,
  PAYMENTS_TEST_API_KEY: KEYS.test.key,
  PAYMENTS_TEST_API_SECRET: KEYS.test.secret,
  PAYMENTS_LIVE_API_KEY: KEYS.live.key,
  PAYMENTS_LIVE_API_SECRET: KEYS.live.secret,
  SESSION_SECRET: "bench-session-secret-not-for-production-0123456789",
  MFA_ENCRYPTION_KEY: "bench-mfa-encryption-key-not-for-production-01",
  // The app's role, and the superuser for migrations, of the bench's throwaway cluster.
  DATABASE_URL: embeddedUrls(DATABASE_PORT, THROWAWAY_CREDENTIALS).url,
  DATABASE_MIGRATION_URL: embeddedUrls(DATABASE_PORT, THROWAWAY_CREDENTIALS).migrationUrl,
  AUDIT_KEY: "bench-audit-key-not-for-production-0123456789",
  PUBLIC_ORIGIN: DASHBOARD_URL,
  SIMULATOR_PORT: String(SIMULATOR_PORT),
  NEXT_DIST_DIR: DASHBOARD_DIST_DIR,
  NEXT_TELEMETRY_DISABLED: "1",
  LOG_LEVEL: "warn",
  // Lighthouse and the list runs sign in a few times from 127.0.0.1.
  SIGN_IN_FREE_ATTEMPTS: "100",
  SIGN_IN_MAX_ATTEMPTS_PER_IP: "1000",
};

/** The dashboard's BFF refuses writes without these (lib/server/request-guard.ts). */
export const BFF_HEADERS = { Origin: DASHBOARD_URL, ...CSRF_HEADERS, "Content-Type": "application/json" };
