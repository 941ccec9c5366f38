// The BFF's CPU inside Next (docs/performance.md, thirty-second round): the production server bundle
// as the bench starts it, its own Postgres and a simulator of ROWS live rows, read as /transactions
// reads it (the page's HTML, then bff-alone.ts's chunk loop). CPU is the server's utime + stime per
// load: cold, cold with /v1 answers late (latencyMs), a second viewer, 100 empty answers. Builds in
// BFF_DIST alternate each round; BFF_PROF=dir adds --cpu-prof. Not a test, not in `npm run bench`:
//   E2E_PORT_OFFSET=200 npx tsx --conditions=react-server scripts/bench/bff-cpu.ts [rows]
//   (BFF_DIST=.next,.next-base BFF_ROUNDS=3 BFF_CONDITIONS=0,5,20,second,empty; an arm may add Node
//   flags and environment to its server: BFF_DIST=".next,.next#--max-semi-space-size=32#NAME=value")
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { WIRE_CHUNK_ROWS } from "@/features/transactions/contracts";
import { BFF_HEADERS, DASHBOARD_URL, DATABASE_PORT, E2E_ENV, embeddedDatabaseCommand, SIMULATOR_URL } from "../../e2e/env";
import { staffSignIn } from "../staff-sign-in";
import { SERVER_BUNDLE } from "../server-bundle.mjs";
import { processStat, type ProcessStat } from "./cpu";
import { median } from "./stats";

const ROWS = Number(process.argv[2] ?? 100_000);
const DISTS = (process.env.BFF_DIST ?? ".next").split(",");
const ROUNDS = Number(process.env.BFF_ROUNDS ?? 3);
const CONDITIONS = (process.env.BFF_CONDITIONS ?? "0,5,20,second").split(",");
const PROFILE_DIR = process.env.BFF_PROF;
const DATA = ".data/bff-cpu";
const TOTP_FILE = path.join(DATA, "totp.json");
const EMAIL = "admin@demo.test";
// The bench's environment: answers uncompressed on loopback (no LOOPBACK_ANSWERS_COMPRESSED).
const ENV = { ...process.env, ...E2E_ENV, LOOPBACK_ANSWERS_COMPRESSED: "0" };

function start(command: string, args: string[], extra: Record<string, string> = {}): ChildProcess {
  return spawn(command, args, { env: { ...ENV, ...extra }, stdio: ["ignore", "pipe", "inherit"], detached: true });
}

function printed(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (data: Buffer) => {
      out += data.toString();
      if (pattern.test(out)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`${child.spawnargs.join(" ")} exited ${code} before ${pattern}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGTERM");
  await exited;
}

/** The BFF's own figures from /proc; it must still be running. */
function statOf(pid: number): ProcessStat {
  const stat = processStat(pid);
  if (!stat) throw new Error(`the BFF (pid ${pid}) has ended`);
  return stat;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response;
}

async function setMode(cookie: string, mode: "test" | "live"): Promise<void> {
  await expectOk(
    await fetch(`${DASHBOARD_URL}/api/session/mode`, {
      method: "PUT",
      headers: { ...BFF_HEADERS, "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ mode }),
    }),
    "mode switch",
  );
}

async function setLatency(latencyMs: number): Promise<void> {
  await expectOk(
    await fetch(`${SIMULATOR_URL}/_sim/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ latencyMs }),
    }),
    "faults",
  );
}

/** What /transactions asks of the BFF: its HTML, then every chunk answer until the list is complete. */
async function readList(cookie: string): Promise<{ rows: number; answers: number; version: number; htmlMs: number }> {
  const started = performance.now();
  await expectOk(await fetch(`${DASHBOARD_URL}/transactions`, { headers: { Cookie: cookie } }), "the page").then((r) => r.text());
  const htmlMs = performance.now() - started;
  let since = 0;
  let rows = 0;
  for (let answers = 1; ; answers++) {
    const response = await expectOk(
      await fetch(`${DASHBOARD_URL}/api/transactions?since=${since}&limit=${WIRE_CHUNK_ROWS}`, {
        headers: { ...BFF_HEADERS, Cookie: cookie, "X-Background-Read": "1" },
      }),
      "a chunk",
    );
    const chunk = (await response.json()) as { blocks: { n: number }[]; version: number; more: boolean; syncing: boolean };
    rows += chunk.blocks.reduce((sum, block) => sum + block.n, 0);
    since = chunk.version;
    if (!chunk.more && !chunk.syncing) return { rows, answers, version: since, htmlMs };
  }
}

const EMPTY_ANSWERS = 100;

/** Answers after the list's last version (nothing new, nothing syncing: no wait), one at a time. */
async function emptyAnswers(cookie: string, version: number): Promise<{ rows: number; answers: number }> {
  for (let i = 0; i < EMPTY_ANSWERS; i++) {
    const response = await fetch(`${DASHBOARD_URL}/api/transactions?since=${version}&limit=${WIRE_CHUNK_ROWS}`, {
      headers: { ...BFF_HEADERS, Cookie: cookie, "X-Background-Read": "1" },
    });
    await (await expectOk(response, "an empty answer")).arrayBuffer();
  }
  return { rows: 0, answers: EMPTY_ANSWERS };
}

/** `htmlMs`: the page's HTML, read whole (its first rows), before the first chunk is asked for. */
type Result = { dist: string; condition: string; cpuMs: number; wallMs: number; faults: number; answers: number; htmlMs: number | null };
const results: Result[] = [];

/** One load read through the list, with the server's CPU and wall time around it. */
async function measured(
  pid: number,
  dist: string,
  condition: string,
  cookie: string,
  read: () => Promise<{ rows: number; answers: number; htmlMs?: number }> = () => readList(cookie),
): Promise<void> {
  const before = statOf(pid);
  const wall0 = performance.now();
  // CLOCK_MONOTONIC in µs, the clock of a .cpuprofile's timestamps: fold-profile.ts's window.
  const from = process.hrtime.bigint() / 1000n;
  const { rows, answers, htmlMs = null } = await read();
  const wallMs = performance.now() - wall0;
  const after = statOf(pid);
  const result = {
    dist,
    condition,
    cpuMs: after.cpuMs - before.cpuMs,
    wallMs,
    faults: after.minorFaults - before.minorFaults,
    answers,
    htmlMs,
  };
  if (rows < (condition === "empty" ? 0 : ROWS)) throw new Error(`${condition}: ${rows} rows read, not ${ROWS}`);
  results.push(result);
  const load = loadavg()[0]!.toFixed(1);
  const window = `${from}-${process.hrtime.bigint() / 1000n}`;
  console.log(
    `${dist.padEnd(12)} ${condition.padEnd(8)} cpu ${result.cpuMs.toFixed(0).padStart(5)} ms  wall ${result.wallMs.toFixed(0).padStart(5)} ms  faults ${result.faults}  html ${htmlMs === null ? "-" : htmlMs.toFixed(0)} ms  ${answers} answers  load ${load}  pid ${pid} window ${window}`,
  );
}

let profiles = 0;
/** A fresh dashboard from `dist`, warmed as the bench warms it (the test list read once), in live mode. */
async function dashboard(dist: string, cookie: () => Promise<string>): Promise<{ server: ChildProcess; cookie: string }> {
  const prof = PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=bff-${dist.replace(/\W/g, "")}-${++profiles}.cpuprofile`]
    : [];
  // "dir#--flag#NAME=value": the build in dir, its server started with those Node flags and
  // environment variables (an A/B of flags or allocator settings).
  const [distDir = dist, ...extras] = dist.split("#");
  const flags = extras.filter((extra) => extra.startsWith("--"));
  const variables: Record<string, string> = {};
  for (const extra of extras.filter((e) => !e.startsWith("--"))) {
    const at = extra.indexOf("=");
    variables[extra.slice(0, at)] = extra.slice(at + 1);
  }
  const server = start(
    process.execPath,
    [...flags, ...prof, path.join(distDir, SERVER_BUNDLE), "-p", String(new URL(DASHBOARD_URL).port)],
    {
      ...variables,
      NEXT_DIST_DIR: distDir,
    },
  );
  await printed(server, /Merchant Console on/);
  const session = await cookie();
  await setMode(session, "test");
  await readList(session).catch(() => undefined);
  await setMode(session, "live");
  return { server, cookie: session };
}

mkdirSync(DATA, { recursive: true });
const [dbCommand, ...dbArgs] = embeddedDatabaseCommand(DATABASE_PORT, path.join(DATA, "pg"));
const database = start(dbCommand!, dbArgs);
const simulator = start("node_modules/.bin/tsx", ["simulator/main.ts"], { SIM_LIVE_SIZE: String(ROWS) });
try {
  await Promise.all([printed(database, /^DATABASE_URL=/m), printed(simulator, /Merchant API simulator on/)]);
  await new Promise<void>((resolve, reject) => {
    const seed: ChildProcess = spawn(
      "node_modules/.bin/tsx",
      ["--conditions=react-server", "scripts/seed-users.ts", "--totp-file", TOTP_FILE],
      {
        env: ENV,
        stdio: "inherit",
      },
    );
    seed.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed-users exited ${code}`))));
  });
  let signedIn: string | undefined;
  const cookie = async () => (signedIn ??= await staffSignIn(DASHBOARD_URL, EMAIL, "demo-password-123", TOTP_FILE));
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the builds' order each round, so neither always meets the same moment of the machine.
    const order = round % 2 === 0 ? DISTS : [...DISTS].reverse();
    for (const dist of order) {
      let warm: { server: ChildProcess; cookie: string } | null = null;
      for (const condition of CONDITIONS) {
        if (condition === "empty") {
          // A request's fixed cost: EMPTY_ANSWERS answers of nothing new from the warm, idle list.
          const viewed: { server: ChildProcess; cookie: string } = warm ?? (await dashboard(dist, cookie));
          warm = viewed;
          const { version } = await readList(viewed.cookie);
          await measured(viewed.server.pid!, dist, "empty", viewed.cookie, () => emptyAnswers(viewed.cookie, version));
          continue;
        }
        if (condition === "second") {
          const viewed: { server: ChildProcess; cookie: string } =
            warm ?? (await dashboard(dist, cookie).then(async (d) => (await readList(d.cookie), d)));
          warm = viewed;
          await measured(viewed.server.pid!, dist, "second", viewed.cookie);
          continue;
        }
        if (warm) await stop(warm.server);
        warm = null;
        await setLatency(Number(condition));
        const cold = await dashboard(dist, cookie);
        try {
          await measured(cold.server.pid!, dist, `cold${condition === "0" ? "" : `+${condition}`}`, cold.cookie);
        } finally {
          await setLatency(0);
        }
        warm = cold;
      }
      if (warm) await stop(warm.server);
    }
  }
} finally {
  await Promise.all([stop(simulator), stop(database)]);
}

const summary: Record<string, Record<string, { cpu: number; wall: number; html: number | null }>> = {};
for (const { dist, condition } of results) {
  const mine = results.filter((r) => r.dist === dist && r.condition === condition);
  const html = mine.flatMap((r) => (r.htmlMs === null ? [] : [r.htmlMs]));
  (summary[dist] ??= {})[condition] = {
    cpu: Math.round(median(mine.map((r) => r.cpuMs))),
    wall: Math.round(median(mine.map((r) => r.wallMs))),
    html: html.length > 0 ? Math.round(median(html)) : null,
  };
}
console.log("medians (ms): the server's CPU, the load's wall time, the page's HTML");
console.log(JSON.stringify({ rows: ROWS, rounds: ROUNDS, summary, results }));
