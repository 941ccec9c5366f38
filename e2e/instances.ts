import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { CSRF_HEADERS } from "../lib/contracts/csrf";
import { DASHBOARD_SERVER, E2E_ENV, embeddedDatabaseCommand, embeddedDatabaseEnv } from "./env";
import { signInWithCode, type TotpUser } from "./totp";

// More dashboards over the run's one database and one simulator, as a deployment runs
// N instances behind a load balancer: each is the bundled `server.ts` (what `npm start` runs) on its
// own port, with its own INSTANCE_ID, started and stopped by the spec itself so it can
// restart or kill one.

const START_TIMEOUT_MS = 60_000;

export type Instance = {
  name: string;
  url: string;
  /** Headers the dashboard's own fetches carry (the CSRF header; Origin must be this instance's). */
  headers: Record<string, string>;
  start(): Promise<void>;
  /** SIGTERM (a deploy) or SIGKILL (a crash); resolves once the process has exited and all it printed is read. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** What the process printed, for a failure's message. */
  output(): string;
  /** Closes the reading end of its stdout and stderr, as when whatever read its logs is killed. */
  dropOutput(): void;
  /** Resolves with its exit code once it has exited (by itself: nothing here stops it). */
  exited(): Promise<number | null>;
};

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode} while starting:\n${output()}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not healthy within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

export function dashboardInstance(name: string, port: number, env: Record<string, string> = {}): Instance {
  const url = `http://localhost:${port}`;
  let child: ChildProcess | null = null;
  let log = "";
  const output = () => log.slice(-4_000);
  return {
    name,
    url,
    headers: { Origin: url, ...CSRF_HEADERS },
    output,
    async start() {
      if (child) throw new Error(`${name} is already running`);
      log = "";
      const started = spawn("node", [DASHBOARD_SERVER, "-p", String(port)], {
        env: { ...process.env, ...E2E_ENV, PUBLIC_ORIGIN: url, INSTANCE_ID: name, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      started.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
      started.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
      await waitForHealth(url, started, output);
    },
    async stop(signal = "SIGTERM") {
      const running = child;
      child = null;
      await stopChild(running, signal);
    },
    dropOutput() {
      child?.stdout?.destroy();
      child?.stderr?.destroy();
    },
    async exited() {
      const running = child;
      if (!running) throw new Error(`${name} is not running`);
      if (running.exitCode === null) await once(running, "exit");
      return running.exitCode;
    },
  };
}

async function stopChild(running: ChildProcess | null, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
  if (!running || running.exitCode !== null) return;
  // "close", not "exit": the process can exit before its last output has been read.
  const closed = once(running, "close");
  running.kill(signal);
  await closed;
}

export type Database = {
  /** DATABASE_URL and DATABASE_MIGRATION_URL, for a dashboard instance's env or the users CLI. */
  env: { DATABASE_URL: string; DATABASE_MIGRATION_URL: string };
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A database of a spec's own, for what must not see the run's shared rows (its admins): the
 * command that starts the run's database (playwright.config.ts), on another port and folder.
 */
export function databaseInstance(port: number, dataDir: string): Database {
  let child: ChildProcess | null = null;
  return {
    env: embeddedDatabaseEnv(port),
    async start() {
      if (child) throw new Error(`the database on ${port} is already running`);
      const [command = "", ...args] = embeddedDatabaseCommand(port, dataDir);
      const started = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
      child = started;
      let log = "";
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no database on ${port} within ${START_TIMEOUT_MS} ms:\n${log}`)),
          START_TIMEOUT_MS,
        );
        started.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
        started.stdout.on("data", (chunk: Buffer) => {
          log += chunk.toString();
          // Printed once created and migrated (its port opens earlier).
          if (/^DATABASE_URL=/m.test(log)) {
            clearTimeout(timer);
            resolve();
          }
        });
        started.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`the database on ${port} exited with ${code} while starting:\n${log}`));
        });
      });
    },
    async stop() {
      const running = child;
      child = null;
      await stopChild(running, "SIGTERM");
    },
  };
}

/** A browser context of its own (its own cookies) on one instance, signed in through its BFF with a password and a code. */
export async function signedIn(browser: Browser, instance: Instance, user: TotpUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: instance.url });
  const page = await context.newPage();
  await signInWithCode(page.request, user, instance.headers);
  return { context, page };
}

/** Another browser context on `instance` holding the same session cookie: one session, used through another instance. */
export async function sameSessionOn(
  browser: Browser,
  from: BrowserContext,
  instance: Instance,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: instance.url });
  await context.addCookies((await from.cookies()).map(({ name, value }) => ({ name, value, url: instance.url })));
  return { context, page: await context.newPage() };
}
