import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { PLAYWRIGHT_CHROMIUM } from "./scripts/chromium";
import {
  DASHBOARD_PORT,
  DASHBOARD_SERVER,
  DASHBOARD_URL,
  DATABASE_DIR,
  DATABASE_PORT,
  E2E_ENV,
  embeddedDatabaseCommand,
  EXTERNAL_DATABASE_URL,
  SIMULATOR_URL,
} from "./e2e/env";

type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>[number];

// Runs against the production build that `npm test` makes just before (`next build` with the
// same sentinel env, via scripts/e2e-env.ts), served by server.ts as the build bundled it (as `npm start` does), a fresh simulator
// and a fresh embedded Postgres (a new cluster in .data/e2e-pg at every run).
// One worker: the specs share one simulator and one dashboard on a 2-core machine.

/** The run's own embedded Postgres, a new cluster at every run. */
function embeddedDatabase(): WebServer {
  return {
    // First, so the dashboard finds it. Ready once it has printed its URL, which it does after
    // creating and migrating the database (its port opens earlier, before the database exists).
    command: embeddedDatabaseCommand(DATABASE_PORT, DATABASE_DIR).join(" "),
    wait: { stdout: /^DATABASE_URL=/m },
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  };
}

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: DASHBOARD_URL,
    browserName: "chromium",
    launchOptions: PLAYWRIGHT_CHROMIUM,
    trace: "retain-on-failure",
  },
  webServer: [
    // With E2E_DATABASE_URL (e2e/env.ts) the run uses that database instead of starting its own.
    ...(EXTERNAL_DATABASE_URL ? [] : [embeddedDatabase()]),
    {
      command: "node_modules/.bin/tsx simulator/main.ts",
      url: `${SIMULATOR_URL}/_sim/state?env=test`,
      env: E2E_ENV,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
    {
      command: `node ${DASHBOARD_SERVER} -p ${DASHBOARD_PORT}`,
      url: `${DASHBOARD_URL}/api/health`,
      env: E2E_ENV,
      // Never reuse: a dashboard started without the sentinel env would make the leak spec meaningless.
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
    },
  ],
});
