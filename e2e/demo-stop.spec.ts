// Issue 55 item 2: `npm run demo` stops in order (the dashboard, which anchors the audit chain as
// it stops, then the simulator, then the database), whether a Ctrl-C reaches the terminal's whole
// process group (SIGINT) or a SIGTERM reaches the npm process alone; and nothing is left
// listening. A demo of its own on ports beside this run's (DEMO_* in scripts/demo.ts).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PORT_OFFSET } from "./env";

const PORTS = { dashboard: 3150 + PORT_OFFSET, simulator: 4150 + PORT_OFFSET, database: 54350 + PORT_OFFSET };
const DATA_DIR = path.resolve(".data/demo-stop");

test.describe.configure({ mode: "serial" });

/** Whether anything accepts a connection on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Postgres processes still serving the demo's data folder (Linux /proc). */
function postgresOnDataDir(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (path.basename(argv[0] ?? "") === "postgres" && argv.some((arg) => arg.startsWith(DATA_DIR))) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

for (const { signal, how } of [
  { signal: "SIGINT", how: "a Ctrl-C to the terminal's process group" },
  { signal: "SIGTERM", how: "a SIGTERM to the npm process alone" },
] as const) {
  test(`the demo stops in order after ${how}, with the audit anchored and nothing left listening`, async () => {
    test.setTimeout(240_000);
    const { DATABASE_URL: _url, DATABASE_EMBEDDED: _embedded, ...env } = process.env;
    // Its own process group, as a terminal's foreground job is.
    const npm = spawn("npm", ["run", "demo"], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...env,
        DEMO_DASHBOARD_PORT: String(PORTS.dashboard),
        DEMO_SIMULATOR_PORT: String(PORTS.simulator),
        DEMO_DATABASE_PORT: String(PORTS.database),
        DEMO_DATA_DIR: DATA_DIR,
      },
    });
    let log = "";
    npm.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    // "close", not "exit": exit can come before the last lines on its pipes are read.
    const exited = new Promise<void>((resolve) => npm.once("close", () => resolve()));
    try {
      await expect.poll(() => log, { timeout: 180_000, intervals: [500] }).toContain("Merchant Console demo is running.");
      expect(await listening(PORTS.database)).toBe(true);

      if (signal === "SIGINT") process.kill(-npm.pid!, "SIGINT");
      else process.kill(npm.pid!, "SIGTERM");
      await exited;
    } finally {
      // A failed run leaves nothing behind either.
      if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, "SIGKILL");
    }

    const order = ["Stopped the dashboard.", "Stopped the simulator.", "Stopped the database."].map((line) => log.indexOf(line));
    expect(
      order.every((index) => index >= 0),
      log,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(log).not.toContain("audit anchor on shutdown failed");
    expect(log).not.toContain("57P03");
    for (const port of Object.values(PORTS)) expect(await listening(port), `port ${port}`).toBe(false);
    expect(postgresOnDataDir()).toEqual([]);
  });
}
