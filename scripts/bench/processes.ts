// Child processes of a run: builds, the simulator and the two Next servers. Each server
// gets its own process group so stopping it reaches what tsx/next spawn underneath.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { BENCH_ENV, BIN, ROOT } from "./config";

const env = { ...process.env, ...BENCH_ENV };
const running = new Set<ChildProcess>();

export function run(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(BIN, command), args, {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed with code ${code}`))));
  });
}

/**
 * A script of the bench's that loads server-only modules (so under the react-server
 * condition) and prints its figures as one JSON line last.
 */
export function runJsonScript<T>(script: string, extraEnv: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(BIN, "tsx"), ["--conditions=react-server", script], {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`${script} failed with code ${code}`));
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "") as T);
      } catch {
        reject(new Error(`${script} printed no figures: ${out.slice(-500)}`));
      }
    });
  });
}

/**
 * `next build` without its type check (next.config.mjs: `npm test` checks the same code; the
 * bench builds only to measure). A non-default distDir adds that folder's types to the
 * project's tsconfig.json: put the file back byte for byte, so `npm run bench` leaves the tree clean.
 */
export async function nextBuild(projectDir: string, extraEnv: Record<string, string> = {}): Promise<void> {
  const tsconfig = path.join(projectDir, "tsconfig.json");
  const saved = await readFile(tsconfig);
  try {
    await run("next", ["build", projectDir], { NEXT_BUILD_SKIP_TYPE_CHECK: "1", ...extraEnv });
  } finally {
    await writeFile(tsconfig, saved);
  }
}

/** `pid` is also the id of the server's process group (cpu.ts counts the whole group). */
export type Server = {
  pid: number | undefined;
  stop: () => Promise<void>;
  /** Resolves once the server's stdout (started with "pipe") has printed a line matching `pattern`. */
  waitForOutput: (pattern: RegExp, timeoutMs: number) => Promise<void>;
};

export function startServer(
  name: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
  stdout: "ignore" | "pipe" = "ignore",
): Server {
  const child = spawn(path.resolve(BIN, command), args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    stdio: ["ignore", stdout, "inherit"],
    detached: true,
  });
  running.add(child);
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  child.on("exit", (code, signal) => {
    if (running.delete(child)) console.error(`[bench] ${name} exited early (${signal ?? `code ${code}`})`);
  });
  return {
    pid: child.pid,
    async stop() {
      if (!running.delete(child) || child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        return; // Already gone.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
    async waitForOutput(pattern, timeoutMs) {
      if (!child.stdout) throw new Error(`${name}: start it with stdout "pipe" to wait for its output`);
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(printed)) {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before printing ${pattern}`);
        if (Date.now() > deadline) throw new Error(`${name} did not print ${pattern} within ${timeoutMs / 1000}s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Kills every server still running (error paths, Ctrl-C). */
export function stopAll(): void {
  for (const child of running) {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
  }
  running.clear();
}

export async function waitForHttp(name: string, url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    // Every restart of the dashboard waits here (a dozen a run): a short poll.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000}s`);
}
