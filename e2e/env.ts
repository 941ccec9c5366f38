// The e2e run's configuration, shared by playwright.config.ts, scripts/e2e-env.ts and the specs.
// Key and secret are sentinels: unique strings the leak spec hunts for in .next/static
// and in every response the browser receives.
import { CSRF_HEADERS } from "../lib/contracts/csrf";
import { embeddedUrls, THROWAWAY_CREDENTIALS } from "../lib/server/db/embedded-url";
import { SERVER_BUNDLE } from "../scripts/server-bundle.mjs";

/**
 * Shifts every port the run listens on, so two work trees on one machine can run e2e at once
 * (E2E_PORT_OFFSET=100 → simulator 4210, dashboard 3200, Postgres 54439). Unset in CI.
 */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
const SIMULATOR_PORT = 4110 + PORT_OFFSET;
export const DASHBOARD_PORT = 3100 + PORT_OFFSET;
export const SIMULATOR_URL = `http://127.0.0.1:${SIMULATOR_PORT}`;
export const DASHBOARD_URL = `http://localhost:${DASHBOARD_PORT}`;
/** server.ts as `npm test`'s build bundled it into `.next` (scripts/server-bundle.mjs): what `npm start` runs. */
export const DASHBOARD_SERVER = `.next/${SERVER_BUNDLE}`;
/** The run's own embedded Postgres: a new cluster in this directory at every run (playwright.config.ts). */
export const DATABASE_PORT = 54339 + PORT_OFFSET;
export const DATABASE_DIR = ".data/e2e-pg";
/** The SMTP sink e2e/staff.spec.ts starts on loopback (e2e/smtp-sink.ts), and its two dashboards. */
export const STAFF_PORTS = { smtp: 2625 + PORT_OFFSET, a: 3161 + PORT_OFFSET, b: 3162 + PORT_OFFSET };
/** The last-admin race's own database and two dashboards (e2e/staff-race.spec.ts). */
export const RACE_PORTS = { database: 54360 + PORT_OFFSET, a: 3163 + PORT_OFFSET, b: 3164 + PORT_OFFSET };

/**
 * Starts an embedded Postgres as a new cluster (THROWAWAY_CREDENTIALS) in `dataDir`, migrated;
 * it prints `DATABASE_URL=` once ready. The run's own database and a spec's own one alike.
 */
export function embeddedDatabaseCommand(port: number, dataDir: string): string[] {
  return [
    "node_modules/.bin/tsx",
    "--conditions=react-server",
    "scripts/db/embedded-server.ts",
    "--reset",
    "--throwaway",
    "--port",
    String(port),
    "--data-dir",
    dataDir,
  ];
}

/** A database `embeddedDatabaseCommand` made: the app's URL and the migrating superuser's. */
export function embeddedDatabaseEnv(port: number): { DATABASE_URL: string; DATABASE_MIGRATION_URL: string } {
  const urls = embeddedUrls(port, THROWAWAY_CREDENTIALS);
  return { DATABASE_URL: urls.url, DATABASE_MIGRATION_URL: urls.migrationUrl };
}
/**
 * The run's database: the embedded server above, or E2E_DATABASE_URL (an empty database on
 * another server: .ci/run points the two-instance spec at Debian's PostgreSQL 15 this way).
 */
export const EXTERNAL_DATABASE_URL = process.env.E2E_DATABASE_URL?.trim() || undefined;
const EMBEDDED_URLS = embeddedUrls(DATABASE_PORT, THROWAWAY_CREDENTIALS);
/** As the app's role; its embedded cluster migrates as the superuser (DATABASE_MIGRATION_URL), a new one at every run. */
export const DATABASE_URL = EXTERNAL_DATABASE_URL ?? EMBEDDED_URLS.url;
const DATABASE_MIGRATION_URL = EXTERNAL_DATABASE_URL ? undefined : EMBEDDED_URLS.migrationUrl;
export const PASSWORD = "demo-password-123";

/** What the dashboard's own fetches send with a write (same origin, the CSRF header). */
export const BFF_HEADERS = { Origin: DASHBOARD_URL, ...CSRF_HEADERS };

export const SENTINELS = {
  testKey: "SENTINEL_test_key_7f3a9c1e",
  testSecret: "SENTINEL_test_secret_b62d04f8e91a7c35",
  liveKey: "SENTINEL_live_key_2c8e5b0d",
  liveSecret: "SENTINEL_live_secret_94a1f7e3c0d2b6a8",
} as const;

/** Environment for both the simulator and the dashboard (each reads what it needs). */
export const E2E_ENV: Record<string, string> = {
  PAYMENTS_BASE_URL: SIMULATOR_URL,
  PAYMENTS_TEST_API_KEY: SENTINELS.testKey,
  PAYMENTS_TEST_API_SECRET: SENTINELS.testSecret,
  PAYMENTS_LIVE_API_KEY: SENTINELS.liveKey,
  PAYMENTS_LIVE_API_SECRET: SENTINELS.liveSecret,
  SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
  MFA_ENCRYPTION_KEY: "e2e-mfa-encryption-key-not-for-production-01",
  DATABASE_URL,
  ...(DATABASE_MIGRATION_URL ? { DATABASE_MIGRATION_URL } : {}),
  AUDIT_KEY: "e2e-audit-key-not-for-production-0123456789",
  PUBLIC_ORIGIN: DASHBOARD_URL,
  SIMULATOR_PORT: String(SIMULATOR_PORT),
  // Every spec signs in from 127.0.0.1: real throttling, thresholds high enough for the whole run.
  SIGN_IN_FREE_ATTEMPTS: "50",
  SIGN_IN_MAX_ATTEMPTS_PER_IP: "500",
  SIGN_IN_WINDOW_SECONDS: "900",
  LOG_LEVEL: "warn",
  // The suite stands for a visitor on a real link: the BFF's answers go out compressed, as they do
  // there, although the browser is on this machine (server/edge/compression.ts).
  LOOPBACK_ANSWERS_COMPRESSED: "1",
};

export const ROLE_EMAILS = {
  admin: "admin@demo.test",
  finance: "finance@demo.test",
  support: "support@demo.test",
  viewer: "viewer@demo.test",
  approver: "approver@demo.test",
} as const;
