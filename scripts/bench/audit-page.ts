// The /audit page at 100,000 entries (issue 18): the trail is seeded (audit-seed.ts), then the
// dashboard (server.ts) is asked, as a signed-in admin over loopback, for
//   - the page itself: the HTML holds the first 50 entries, read on the server ("first rows");
//   - GET /api/audit with each filter the page offers: what a filter change asks for.
// Server time: the whole answer as the client receives it, after one warm-up each; median of 3.
import { performance } from "node:perf_hooks";
import { DASHBOARD_URL } from "./config";
import { benchCookie } from "./session";
import { runJsonScript } from "./processes";
import { median } from "./stats";

export const AUDIT_ENTRIES = 100_000;
const RUNS = 3;

type Seeded = { entries: number; seedMs: number; target: string; actor: string; week: { from: string; to: string } };

export type AuditTiming = { name: string; path: string; runs: number[]; median: number; entries: number };
export type AuditPageResult = { entries: number; seedMs: number; firstRows: AuditTiming; filters: AuditTiming[] };

/** One warm-up, then RUNS timed reads; `count` says how many entries an answer held. */
async function time(name: string, path: string, cookie: string, count: (body: string) => number): Promise<AuditTiming> {
  const read = async () => {
    const started = performance.now();
    const response = await fetch(`${DASHBOARD_URL}${path}`, { headers: { Cookie: cookie } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`);
    return { ms, entries: count(body) };
  };
  await read();
  const runs: number[] = [];
  let entries = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const result = await read();
    runs.push(result.ms);
    entries = result.entries;
  }
  return { name, path, runs, median: median(runs), entries };
}

const jsonEntries = (body: string) => (JSON.parse(body) as { entries: unknown[] }).entries.length;
/** The server-rendered page carries its first entries in the dehydrated query, each with one prevHash. */
const htmlEntries = (body: string) => (body.match(/prevHash/g) ?? []).length;

/** Seeds the trail, then measures against the running dashboard. */
export async function measureAuditPage(): Promise<AuditPageResult> {
  const seeded = await runJsonScript<Seeded>("scripts/bench/audit-seed.ts", { AUDIT_SEED: String(AUDIT_ENTRIES) });
  const cookie = await benchCookie();
  const api = (query: string) => `/api/audit?${query}`;
  const filters: [string, string][] = [
    ["no filter", ""],
    ["staff email", `actor=${encodeURIComponent(seeded.actor)}`],
    ["action (money write answered)", "action=money_write.outcome"],
    ["action, rare (webhook change)", "action=webhook.change"],
    ["environment", "environment=test"],
    ["one week", `from=${seeded.week.from}&to=${seeded.week.to}`],
    ["target (a payout's id)", `target=${seeded.target}`],
    ["target, no match", "target=tx_not_there"],
    [
      "staff email, action and week",
      `actor=${encodeURIComponent(seeded.actor)}&action=sign_out&from=${seeded.week.from}&to=${seeded.week.to}`,
    ],
  ];
  const firstRows = await time("first rows (/audit, server-rendered)", "/audit", cookie, htmlEntries);
  const timings: AuditTiming[] = [];
  for (const [name, query] of filters) timings.push(await time(name, api(query), cookie, jsonEntries));
  return { entries: seeded.entries, seedMs: seeded.seedMs, firstRows, filters: timings };
}
