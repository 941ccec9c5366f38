// A second viewer's load of /transactions, arm against arm (issue 60, thirty-second round), on the
// e2e ports (E2E_PORT_OFFSET) so it runs beside other work trees: a 100,000-row simulator, one
// dashboard per arm from its own build folder, each arm's worker script served in place of
// public/'s (the last build's; performance.md, eighteenth round). Per load: every row, the main
// thread's busy and running time (trace.ts), the renderer's CPU per thread (/proc) and the BFF's.
// PROFILE=1 adds where the main thread and the worker spend theirs (trace events, V8 samples).
// `E2E_PORT_OFFSET=300 npx tsx --conditions=react-server scripts/bench/page-ab.ts base=.next-base:/tmp/w.js new=.next [loads]`
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { CSRF_HEADERS } from "@/lib/contracts/csrf";
import { DASHBOARD_PORT, DATABASE_PORT, E2E_ENV, embeddedDatabaseCommand, PASSWORD, ROLE_EMAILS, SIMULATOR_URL } from "../../e2e/env";
import { SERVER_BUNDLE } from "../server-bundle.mjs";
import { staffSignIn } from "../staff-sign-in";
import { cpuBetween, sampleCpu } from "./cpu";
import { run, type Server, startServer, stopAll, waitForHttp } from "./processes";
import { median } from "./stats";
import { mainThreadTimes, startTrace, TIMELINE_CATEGORIES, type TraceEvent } from "./trace";
import { launchVisitor, type Visitor } from "./visitor";

const ROWS = Number(process.env.PAGE_AB_ROWS ?? 100_000);
const PROFILE = process.env.PROFILE === "1";
const TOTP_FILE = ".data/page-ab-totp.json";
const LOADED = "page-ab:loaded";
const VIEWPORT = { width: 1440, height: 900 };

type Arm = { name: string; distDir: string; workerFile: string | null; origin: string; server?: Server; cookie?: string };

/** Installed before the page's scripts: logs LOADED once the totals equal the simulator's. */
function watchLoad({ expected, signal }: { expected: string[]; signal: string }): void {
  const canonical = (value = "") => (value.includes(".") ? value.replace(/\.?0+$/, "") : value);
  const want = new Set(expected);
  let done = false;
  new MutationObserver(() => {
    if (done) return;
    const shown = [...document.querySelectorAll<HTMLElement>('[data-testid="totals"] tr[data-currency]')];
    if (shown.length !== want.size) return;
    for (const { dataset: d } of shown)
      if (!want.has(`${d.currency} ${d.status} ${d.count} ${canonical(d.payins)} ${canonical(d.payouts)}`)) return;
    done = true;
    (window as unknown as { loadedAt: number }).loadedAt = performance.now();
    console.debug(signal);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

async function expectedTotals(): Promise<string[]> {
  const response = await fetch(`${SIMULATOR_URL}/_sim/totals?env=live&by=status`);
  const { items } = (await response.json()) as { items: Record<string, string | number>[] };
  const canonical = (value: string) => (value.includes(".") ? value.replace(/\.?0+$/, "") : value);
  return items.map((t) => `${t.currency} ${t.status} ${t.count} ${canonical(String(t.payins))} ${canonical(String(t.payouts))}`);
}

/** CPU ms of every thread of every Chromium renderer, by pid/tid, with the thread's name. */
function rendererThreads(): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer")) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim().replace(/\d+$/, "");
        threads.set(`${pid}/${tid}`, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
      }
    } catch {
      // Gone between the listing and the read.
    }
  }
  return threads;
}

function threadCpu(before: ReturnType<typeof rendererThreads>, after: ReturnType<typeof rendererThreads>): Record<string, number> {
  const byName: Record<string, number> = {};
  for (const [key, { name, ms }] of after) byName[name] = (byName[name] ?? 0) + ms - (before.get(key)?.ms ?? 0);
  return byName;
}

type Split = { events: Record<string, number>; functions: Record<string, number>; scripts: Record<string, number> };

/** Per thread of the page's renderer: self thread time per trace event, and V8 samples per function and per script. */
function splitOf(events: TraceEvent[]): Record<string, Split> {
  const pid = events
    .filter((e) => e.name === "CommitLoad" && (e.args?.data as { isOutermostMainFrame?: boolean } | undefined)?.isOutermostMainFrame)
    .sort((a, b) => a.ts - b.ts)
    .at(-1)?.pid;
  const names = new Map<number, string>();
  for (const e of events) if (e.ph === "M" && e.name === "thread_name" && e.pid === pid) names.set(e.tid, String(e.args?.name));
  const splits: Record<string, Split> = {};
  const splitFor = (tid: number) => (splits[`${names.get(tid) ?? "?"} ${tid}`] ??= { events: {}, functions: {}, scripts: {} });
  const add = (into: Record<string, number>, key: string, ms: number) => (into[key] = (into[key] ?? 0) + ms);
  for (const tid of names.keys()) {
    const tasks = events
      .filter((e) => e.ph === "X" && e.pid === pid && e.tid === tid && typeof e.tdur === "number")
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const stack: { end: number; name: string; self: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.end <= until) {
        const top = stack.pop()!;
        add(splitFor(tid).events, top.name, top.self / 1000);
      }
    };
    for (const task of tasks) {
      close(task.ts);
      if (stack.length) stack.at(-1)!.self -= task.tdur!;
      stack.push({ end: task.ts + task.dur!, name: task.name, self: task.tdur! });
    }
    close(Infinity);
  }
  // V8's samples: Profile/ProfileChunk events per thread; a node's frames arrive once, its samples in every chunk.
  const nodes = new Map<string, { name: string; script: string }>();
  for (const e of events) {
    if (e.pid !== pid || e.name !== "ProfileChunk") continue;
    const data = e.args?.data as {
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName?: string; url?: string; lineNumber: number; columnNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) {
      const { functionName, url, columnNumber } = node.callFrame;
      const script = (url ?? "").split("/").at(-1) || "(native)";
      nodes.set(`${e.id} ${node.id}`, { name: `${functionName || "(anonymous)"} ${script}:${columnNumber}`, script });
    }
    const samples = data.cpuProfile?.samples ?? [];
    samples.forEach((sample, i) => {
      const node = nodes.get(`${e.id} ${sample}`);
      const ms = (data.timeDeltas?.[i] ?? 0) / 1000;
      if (!node || ms <= 0) return;
      add(splitFor(e.tid).functions, node.name, ms);
      add(splitFor(e.tid).scripts, node.script, ms);
    });
  }
  return splits;
}

type LoadResult = {
  arm: string;
  everyRowMs: number;
  busyMs: number;
  runningMs: number;
  rendererMs: number;
  bffMs: number;
  threads: Record<string, number>;
};

/** The build's scripts a load asked for (/_next/static/…), gzipped from the build folder at zlib's default level. */
function scriptsGzipKb(arm: Arm, urls: Set<string>): number {
  let bytes = 0;
  for (const url of urls)
    bytes += gzipSync(readFileSync(`${arm.distDir}/static/${new URL(url).pathname.split("/_next/static/")[1]}`)).length;
  return bytes / 1024;
}

async function load(
  visitor: Visitor,
  arm: Arm,
  expected: string[],
  weigh = false,
): Promise<{ result: LoadResult; split: Record<string, Split> | null; jsKb: number | null }> {
  const tab = await visitor.newPage(arm.cookie!, VIEWPORT);
  const scripts = new Set<string>();
  try {
    if (weigh) {
      tab.session.on("Network.requestWillBeSent", (event) => {
        const url = (event.request as { url: string }).url;
        if (url.includes("/_next/static/") && url.endsWith(".js")) scripts.add(url);
      });
      await tab.session.send("Network.enable");
    }
    // tsx (esbuild keepNames) wraps inner functions in __name(); the page has no such helper.
    await tab.addInitScript(`globalThis.__name = (fn) => fn; (${watchLoad.toString()})(${JSON.stringify({ expected, signal: LOADED })});`);
    if (arm.workerFile) {
      const body = readFileSync(arm.workerFile).toString("base64");
      tab.session.on("Fetch.requestPaused", (params) => {
        void tab.session.send("Fetch.fulfillRequest", {
          requestId: params.requestId,
          responseCode: 200,
          responseHeaders: [{ name: "Content-Type", value: "text/javascript; charset=utf-8" }],
          body,
        });
      });
      await tab.session.send("Fetch.enable", { patterns: [{ urlPattern: "*/_workers/transactions.js*" }] });
    }
    const categories = PROFILE ? `${TIMELINE_CATEGORIES},v8,disabled-by-default-v8.cpu_profiler` : TIMELINE_CATEGORIES;
    const trace = await startTrace(visitor.browser, categories);
    const groups = { bff: arm.server!.pid };
    const cpuBefore = sampleCpu(groups);
    const threadsBefore = rendererThreads();
    const loaded = tab.waitForConsole((text) => text === LOADED, 120_000);
    await tab.navigate(`${arm.origin}/transactions`);
    await loaded.catch(async (error: unknown) => {
      const where = await tab.evaluate<string>(
        `location.href + " | " + document.querySelector('[data-testid="load-count"]')?.textContent + " | " + document.querySelectorAll('[data-testid="totals"] tr[data-currency]').length`,
      );
      throw new Error(`${arm.name}: the totals never matched (${where}; ${expected.length} expected)`, { cause: error });
    });
    const cpu = cpuBetween(cpuBefore, sampleCpu(groups));
    const threads = threadCpu(threadsBefore, rendererThreads());
    const events = await trace.stop();
    const { busyMs, runningMs } = mainThreadTimes(events);
    const everyRowMs = await tab.evaluate<number>("window.loadedAt");
    return {
      result: { arm: arm.name, everyRowMs, busyMs, runningMs, rendererMs: cpu.renderer, bffMs: cpu.bff, threads },
      split: PROFILE ? splitOf(events) : null,
      jsKb: weigh ? scriptsGzipKb(arm, scripts) : null,
    };
  } finally {
    await tab.close();
  }
}

const top = (record: Record<string, number>, n: number) =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${key}`)
    .join("\n");

async function main(): Promise<void> {
  const specs = process.argv.slice(2).filter((arg) => arg.includes("="));
  const loads = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 4);
  const arms: Arm[] = specs.map((spec, i) => {
    const [name = "", rest = ""] = spec.split("=");
    const [distDir = "", workerFile = null] = rest.split(":");
    return { name, distDir, workerFile, origin: `http://localhost:${DASHBOARD_PORT + i}` };
  });
  if (arms.length === 0) throw new Error("usage: page-ab.ts name=distDir[:workerFile] … [loads]");
  const [command = "", ...dbArgs] = embeddedDatabaseCommand(DATABASE_PORT, ".data/page-ab-pg");
  const database = startServer("database", command.replace("node_modules/.bin/", ""), dbArgs, E2E_ENV, "pipe");
  await database.waitForOutput(/^DATABASE_URL=/m, 120_000);
  await run("tsx", ["--conditions=react-server", "scripts/seed-users.ts", "--totp-file", TOTP_FILE], E2E_ENV);
  startServer("simulator", "tsx", ["simulator/main.ts"], { ...E2E_ENV, SIM_LIVE_SIZE: String(ROWS) });
  await waitForHttp("simulator", `${SIMULATOR_URL}/_sim/state?env=test`, 180_000);
  for (const arm of arms) {
    const env = { ...E2E_ENV, NEXT_DIST_DIR: arm.distDir, PUBLIC_ORIGIN: arm.origin, LOOPBACK_ANSWERS_COMPRESSED: "0" };
    arm.server = startServer(
      `dashboard ${arm.name}`,
      process.execPath,
      [`${arm.distDir}/${SERVER_BUNDLE}`, "-p", arm.origin.split(":")[2]!],
      env,
    );
    await waitForHttp(arm.name, `${arm.origin}/api/health`);
    arm.cookie = await staffSignIn(arm.origin, ROLE_EMAILS.admin, PASSWORD, TOTP_FILE);
    const headers = { Origin: arm.origin, ...CSRF_HEADERS, "Content-Type": "application/json", Cookie: arm.cookie };
    const mode = await fetch(`${arm.origin}/api/session/mode`, { method: "PUT", headers, body: JSON.stringify({ mode: "live" }) });
    if (!mode.ok) throw new Error(`${arm.name}: live mode answered ${mode.status}`);
  }
  const expected = await expectedTotals();
  const visitor = await launchVisitor();
  const results: LoadResult[] = [];
  const splits: Record<string, Record<string, Split>[]> = {};
  try {
    // The first load of each arm is cold (its BFF reads the list upstream): it warms, and is not counted.
    for (const arm of arms) {
      const { jsKb } = await load(visitor, arm, expected, true);
      console.log(`${arm.name}: the load's scripts, gzip of the build's files ${jsKb?.toFixed(1)} KB`);
    }
    for (let i = 0; i < loads; i++) {
      for (const arm of i % 2 === 0 ? arms : [...arms].reverse()) {
        const { result, split } = await load(visitor, arm, expected);
        results.push(result);
        if (split) (splits[arm.name] ??= []).push(split);
        console.log(JSON.stringify(result));
      }
    }
  } finally {
    await visitor.close();
    stopAll();
  }
  for (const arm of arms) {
    const mine = results.filter((r) => r.arm === arm.name);
    const med = (pick: (r: LoadResult) => number) => Math.round(median(mine.map(pick)));
    const threadNames = [...new Set(mine.flatMap((r) => Object.keys(r.threads)))];
    const perThread = threadNames
      .map((name) => [name, med((r) => r.threads[name] ?? 0)] as const)
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1]);
    console.log(
      `${arm.name}: every row ${med((r) => r.everyRowMs)} ms, busy ${med((r) => r.busyMs)} ms (ran ${med((r) => r.runningMs)}), renderer CPU ${med((r) => r.rendererMs)} ms, BFF ${med((r) => r.bffMs)} ms (medians of ${mine.length})`,
    );
    console.log(`  renderer threads (median ms): ${perThread.map(([name, ms]) => `${name} ${ms}`).join(", ")}`);
    for (const split of splits[arm.name] ?? []) {
      for (const [thread, { events, functions, scripts }] of Object.entries(split)) {
        if (!/CrRendererMain|DedicatedWorker/.test(thread)) continue;
        console.log(
          `  ${thread}: trace events (self thread time)\n${top(events, 18)}\n  scripts (V8 samples)\n${top(scripts, 8)}\n  functions\n${top(functions, 25)}`,
        );
      }
    }
  }
  writeFileSync(".data/page-ab-results.json", JSON.stringify({ results, splits }, null, 1));
}

process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});
main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
