// `npm run bench`: builds the dashboard and an empty Next.js page, seeds 100,000 live transactions
// (BENCH_SIZES=100000,1000000 adds issue 60's million) and measures (a)–(e) of issue 4 with Chromium
// into docs/performance.md. A script, not a test: it asserts nothing. Knobs (BENCH_SIZES, BENCH_BUILD=0,
// BENCH_LIGHTHOUSE=0, BENCH_PAGES, BENCH_ROUTES, BENCH_LATENCIES, BENCH_CONDITIONS, BENCH_ONLY=store|audit):
// docs/decisions/0125; what each size runs: scripts/bench/size-plan.ts.
import { writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { type BrowserContext, chromium, type Cookie } from "@playwright/test";
import {
  JS_MEASURE_CONCURRENCY,
  LIGHTHOUSE_RUNS,
  lighthouseRunsFor,
  DASHBOARD_DIST_DIR,
  DASHBOARD_PORT,
  DASHBOARD_URL,
  EMAIL,
  EMPTY_APP_DIR,
  EMPTY_APP_DIST_DIR,
  ENROLMENT_EMAIL,
  EMPTY_APP_PORT,
  EMPTY_APP_URL,
  PASSWORD,
  ROOT,
  SIMULATOR_URL,
  SIZES,
  TOTP_FILE,
} from "./bench/config";
import { measureAuditPage } from "./bench/audit-page";
import { PLAYWRIGHT_CHROMIUM } from "./chromium";
import { SERVER_BUNDLE } from "./server-bundle.mjs";
import { measureBffAlone } from "./bench/bff-alone";
import { builtFrom, rememberBuild, sourcesKey } from "./bench/build-key";
import { measureDatabase, measureStoreCost } from "./bench/database";
import { type ConditionResult, conditionLabel, DEFAULT_LATENCIES_MS, medianRun, secondViewer, withLatency } from "./bench/conditions";
import { cpuTotal, describeCpu } from "./bench/cpu";
import { aroundFloor } from "./bench/floor";
import { warmUp } from "./bench/warm-up";
import { startLighthouse } from "./bench/lighthouse";
import { measureClicksWhileLoading, measureList } from "./bench/list-metrics";
import { describeMachine, uptime } from "./bench/machine";
import { describeSpeed, measureMachineSpeed } from "./bench/machine-speed";
import { discoverPages, type PageSession } from "./bench/pages";
import { measureJs, type PageWeight } from "./bench/page-weight";
import { nextBuild, run, startServer, stopAll, waitForHttp, type Server } from "./bench/processes";
import { auditRows, csvLine, memoryLine, writeReport, type BenchResult, type PageResult, type SizeResult } from "./bench/report";
import { pendingSignInContext, signInLive } from "./bench/session";
import { resetSimulator } from "./bench/sim-reset";
import { sizePlan, TARGET_ROWS } from "./bench/size-plan";
import { launchVisitor } from "./bench/visitor";
import { fine, kb, median, ms, percentile } from "./bench/stats";

const flag = (name: string) => process.env[name] !== "0";
const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(",").map(Number) : [...SIZES];
const latencies = process.env.BENCH_LATENCIES
  ? process.env.BENCH_LATENCIES.split(",")
      .map(Number)
      .filter((l) => l > 0)
  : DEFAULT_LATENCIES_MS;
/** Pages with charts below the fold: recharts loads when they are scrolled near, so it is not in the page's JS. */
const CHART_ROUTES = new Set(["/transactions"]);

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/**
 * server.ts as the bench's build bundled it, run as `npm start` runs `.next/server.mjs` (Next behind
 * the thin edge), over the bench's database.
 */
function startDashboard(): Server {
  return startServer("dashboard", process.execPath, [path.join(DASHBOARD_DIST_DIR, SERVER_BUNDLE), "-p", String(DASHBOARD_PORT)]);
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  const machine = describeMachine();
  log(`${machine.nproc} CPU, ${machine.memoryGb} GB; ${machine.loadAtStart}`);
  machine.speed = await measureMachineSpeed();
  log(`machine speed: ${describeSpeed(machine.speed)}`);

  const only = process.env.BENCH_ONLY;
  if (flag("BENCH_BUILD") && only !== "store") {
    log("building the dashboard (.next-bench)…");
    await nextBuild(ROOT);
    if (only !== "audit" && flag("BENCH_PAGES")) {
      const distDir = path.join(EMPTY_APP_DIR, EMPTY_APP_DIST_DIR);
      const key = await sourcesKey(EMPTY_APP_DIR, [EMPTY_APP_DIST_DIR, "next-env.d.ts"], [path.join(ROOT, "package-lock.json")]);
      if (await builtFrom(distDir, key)) log("the empty page (bench/empty-app): its build is of the same sources, kept");
      else {
        log("building the empty page (bench/empty-app)…");
        await nextBuild(EMPTY_APP_DIR);
        await rememberBuild(distDir, key);
      }
    }
  }
  log("starting the embedded database (a new cluster, then over its own data)…");
  const { result: databaseStart, server: database } = await measureDatabase();
  log(`embedded database: new cluster ${ms(databaseStart.newClusterMs)}, existing data ${ms(databaseStart.existingDataMs)}`);
  await run("tsx", ["--conditions=react-server", "scripts/seed-users.ts", "--totp-file", TOTP_FILE]);
  await run("tsx", ["--conditions=react-server", "scripts/users.ts", "add", ENROLMENT_EMAIL, "admin", "Enrolment Page"], {
    DASHBOARD_PASSWORD: PASSWORD,
  });
  log("the write store's cost per NGN payout (Postgres ledger against the in-memory one)…");
  const store = await measureStoreCost();
  log(
    `store: added p50 ${fine(store.added.p50)}, p95 ${fine(store.added.p95)} (pg p95 ${fine(store.pg.p95)}, memory p95 ${fine(store.memory.p95)})`,
  );
  log(
    `audit appends per write: p50 ${fine(store.auditAdded.p50)}, p95 ${fine(store.auditAdded.p95)}; of which the keyed chain over plain SHA-256 p50 ${fine(store.keyedAdded.p50)}, p95 ${fine(store.keyedAdded.p95)}`,
  );
  if (only === "store") {
    console.log(JSON.stringify({ database: databaseStart, store }));
    await database.stop();
    return;
  }

  log("the /audit page: seeding the trail, then reading it as an admin…");
  const auditDashboard = startDashboard();
  await waitForHttp("dashboard", `${DASHBOARD_URL}/api/health`);
  const audit = await measureAuditPage();
  await auditDashboard.stop();
  for (const line of auditRows(audit)) if (line.startsWith("- ")) log(`audit: ${line.slice(2)}`);
  if (only === "audit") {
    console.log(JSON.stringify(audit));
    await database.stop();
    return;
  }

  // Each size reseeds the list (resetSimulator): a million rows seeded at the start too would cost ~15 s more.
  const simulator = startServer("simulator", "tsx", ["simulator/main.ts"], { SIM_LIVE_SIZE: String(Math.min(sizes[0]!, TARGET_ROWS)) });
  await waitForHttp("simulator", `${SIMULATOR_URL}/_sim/state?env=test`);
  const browser = await chromium.launch(PLAYWRIGHT_CHROMIUM);
  // The (b) loads under the conditions run in a browser no Playwright instruments (visitor.ts).
  const visitor = await launchVisitor();

  const results: SizeResult[] = [];
  const conditions: ConditionResult[] = [];
  // Reassigned inside coldDashboard; the cast keeps TypeScript from narrowing it to null below.
  let dashboard = null as Server | null;
  // What the restarts cost, per size: the bench's time between its measurements.
  const restarts = { count: 0, stopMs: 0, startMs: 0, warmUpMs: 0 };
  // A fresh, warmed-up dashboard: the BFF's copy of the live list starts cold.
  const coldDashboard = async () => {
    const started = performance.now();
    await dashboard?.stop();
    const stopped = performance.now();
    dashboard = startDashboard();
    await waitForHttp("dashboard", `${DASHBOARD_URL}/api/health`);
    const answering = performance.now();
    await warmUp(browser);
    restarts.count += 1;
    restarts.stopMs += stopped - started;
    restarts.startMs += answering - stopped;
    restarts.warmUpMs += performance.now() - answering;
  };
  const cpuGroups = () => ({ bff: dashboard?.pid, simulator: simulator.pid });
  for (const size of sizes) {
    const plan = sizePlan(size, sizes, latencies);
    const sizeStarted = performance.now();
    Object.assign(restarts, { count: 0, stopMs: 0, startMs: 0, warmUpMs: 0 });
    await resetSimulator(size);
    log(`${size}: the simulator's list seeded and settled in ${ms(performance.now() - sizeStarted)}`);
    // A read right after a reset finds the simulator's new list and this client's code cold
    // (~2.5× slower at 100,000 rows): it is reported, and the reference is the reads after it.
    const {
      floor,
      result: { bffAlone, list },
    } = await aroundFloor(cpuGroups, plan.floorRuns, async () => {
      const listOptions = { filterRounds: plan.filterRounds, csvCheck: plan.csvCheck };
      await coldDashboard();
      if (!plan.bffAlone) return { bffAlone: null, list: await measureList(browser, size, plan.loadTimeoutMs, cpuGroups(), listOptions) };
      const bffAlone = await measureBffAlone();
      log(`${size}: BFF alone (Node client) ${ms(bffAlone.ms)} for ${bffAlone.rows} rows`);
      await coldDashboard();
      return { bffAlone, list: await measureList(browser, size, plan.loadTimeoutMs, cpuGroups(), listOptions) };
    });
    log(`${size}: floor cold ${ms(floor.coldMs)}, then ${floor.runs.map(ms).join(", ")} for ${floor.rows} rows`);
    log(
      `${size}: CPU during the load ${ms(cpuTotal(list.loadCpu))} (${describeCpu(list.loadCpu)}), during the floor ${ms(cpuTotal(floor.cpu))}`,
    );
    log(
      `${size}: first rows ${ms(list.firstRowMs)}, all ${ms(list.allLoadedMs)} (ratio ${(list.allLoadedMs / floor.ms).toFixed(2)}), filter median ${ms(median(list.filterMs))} p95 ${ms(percentile(list.filterMs, 95))}, sort median ${ms(median(list.sortMs))}`,
    );
    log(`${size}: ${memoryLine(list)}; totals equal the simulator's in ${list.totalsGroups} currency/status groups, ${list.rows} rows`);
    if (list.csv) log(`${size}: ${csvLine(list.csv)}`);
    const sized: SizeResult = { size, floor, bffAlone, list, streamingClicks: [], wallMs: NaN };
    results.push(sized);

    if (plan.conditions !== "none" && flag("BENCH_CONDITIONS")) {
      const runs = [
        ...(plan.conditions === "all" ? [() => secondViewer(visitor, size, cpuGroups())] : []),
        ...plan.latencies.map(
          (latency) => () =>
            withLatency(visitor, size, latency, coldDashboard, cpuGroups, {
              runs: plan.conditionRuns,
              bffAlone: plan.bffAlone,
              floorReads: plan.latencyFloor,
            }),
        ),
      ];
      for (const measure of runs) {
        const condition = await measure();
        conditions.push(condition);
        const { ratio, ratios } = medianRun(condition);
        const main = condition.runs.map((r) => r.traced?.mainThread).filter((v) => v != null);
        log(
          `${size}, ${conditionLabel(condition)}: ratio median ${ratio.toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(", ")}; loads ${condition.runs.map((r) => ms(r.load.allLoadedMs)).join(", ")}, floors ${condition.runs.map((r) => ms(r.floor.ms)).join(", ")})${main.length ? `, main thread busy ${main.map((t) => `${ms(t.busyMs)} (ran ${ms(t.runningMs)})`).join(", ")}` : ""}`,
        );
      }
      for (let i = 0; i < plan.streamingRuns; i++) {
        await coldDashboard();
        const clicks = await measureClicksWhileLoading(browser, plan.loadTimeoutMs);
        sized.streamingClicks.push(clicks);
        log(`${size}: ${clicks.length} clicks while rows streamed in, Event Timing p95 ${ms(percentile(clicks, 95))}`);
      }
    }
    sized.wallMs = performance.now() - sizeStarted;
    log(
      `${size}: ${(sized.wallMs / 60_000).toFixed(1)} min at this size, of which ${restarts.count} dashboard restarts ${ms(restarts.stopMs + restarts.startMs + restarts.warmUpMs)} (stopping ${ms(restarts.stopMs)}, starting ${ms(restarts.startMs)}, warming up ${ms(restarts.warmUpMs)})`,
    );
  }

  const result: BenchResult = {
    machine,
    wallMs: NaN,
    sizes: results,
    conditions,
    empty: { js: { initialBytes: 0, totalBytes: 0, scripts: 0 }, lighthouse: null },
    pages: [],
    skipped: [],
    database: { ...databaseStart, store },
    audit,
  };
  if (flag("BENCH_PAGES")) {
    // The pages are scored over the 100,000-row list, as in the default run, not a million's (0157).
    // That reseed is the large case's time, not the default run's (report.ts: wallLine).
    const large = results.at(-1);
    if (large && large.size > TARGET_ROWS) {
      const started = performance.now();
      await resetSimulator(TARGET_ROWS);
      await coldDashboard();
      large.wallMs += performance.now() - started;
      log(`pages: ${TARGET_ROWS} rows reseeded in ${ms(performance.now() - started)}, counted in the ${large.size}-row case`);
    }
    const lighthouse = flag("BENCH_LIGHTHOUSE") ? await startLighthouse() : null;
    try {
      const empty = startServer("empty app", "next", ["start", EMPTY_APP_DIR, "-p", String(EMPTY_APP_PORT)]);
      await waitForHttp("empty app", EMPTY_APP_URL);
      const anonymous = await browser.newContext();
      result.empty = {
        js: await measureJs(anonymous, EMPTY_APP_URL),
        lighthouse: (await lighthouse?.score(EMPTY_APP_URL, null, LIGHTHOUSE_RUNS)) ?? null,
      };
      await empty.stop();
      log(`empty page: ${kb(result.empty.js.initialBytes)} JS`);

      const signedIn = await browser.newContext();
      await signInLive(signedIn);
      // Each page is seen by the visitor it is for (pages.ts): the second-factor pages send anyone else on.
      const contexts: Record<PageSession, BrowserContext> = {
        none: anonymous,
        "signed-in": signedIn,
        code: await pendingSignInContext(browser, EMAIL, "/sign-in/code"),
        enrolment: await pendingSignInContext(browser, ENROLMENT_EMAIL, "/sign-in/enrol"),
      };
      const jars = new Map<PageSession, Cookie[] | null>();
      for (const [session, context] of Object.entries(contexts) as [PageSession, BrowserContext][])
        jars.set(session, session === "none" ? null : await context.cookies(DASHBOARD_URL));
      const only = process.env.BENCH_ROUTES?.split(",");
      const discovered = await discoverPages();
      const pages = only ? discovered.pages.filter((page) => only.includes(page.route)) : discovered.pages;
      const { skipped } = discovered;
      result.skipped = skipped;
      // Bytes first, several pages at once (they do not depend on the load), then Lighthouse one page at a time.
      const weights = new Map<string, PageWeight>();
      let next = 0;
      const measureNext = async () => {
        while (next < pages.length) {
          const page = pages[next++]!;
          weights.set(page.path, await measureJs(contexts[page.session], `${DASHBOARD_URL}${page.path}`));
        }
      };
      await Promise.all(Array.from({ length: JS_MEASURE_CONCURRENCY }, measureNext));
      for (const page of pages) {
        const url = `${DASHBOARD_URL}${page.path}`;
        const js = weights.get(page.path)!;
        const scores = (await lighthouse?.score(url, jars.get(page.session) ?? null, lighthouseRunsFor(page.route))) ?? null;
        const entry: PageResult = { route: page.route, path: page.path, js, lighthouse: scores, charts: CHART_ROUTES.has(page.route) };
        result.pages.push(entry);
        log(
          `${page.route}: ${kb(js.totalBytes)} JS by load + 3 s (+${kb(js.totalBytes - result.empty.js.totalBytes)})${scores ? `, Lighthouse ${scores.performance}/${scores.accessibility}` : ""}`,
        );
      }
    } finally {
      await lighthouse?.close();
    }
  }

  await browser.close();
  await visitor.close();
  await dashboard?.stop();
  await simulator.stop();
  await database.stop();
  result.machine.loadAtEnd = uptime();
  result.wallMs = performance.now() - benchStarted;
  await mkdir(path.join(ROOT, ".data"), { recursive: true });
  await writeFile(path.join(ROOT, ".data", "bench-results.json"), JSON.stringify(result, null, 2));
  log(`wrote ${await writeReport(result)} (raw figures in .data/bench-results.json)`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  stopAll();
  process.exit(1);
});
