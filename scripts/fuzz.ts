// `npm run fuzz`: thousands of hostile requests against every /api route × every method, on
// the fuzz's own simulator and dashboard (server.ts over the production build: run
// `next build` first), loopback only. Exits non-zero when any answer breaks the rules of
// scripts/fuzz/check.ts, or the dashboard logs a stack.
// Usage: tsx scripts/fuzz.ts [--seed N] [--count N] [--concurrency N] [--minutes N]
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadApiRoutes } from "@/server/edge/load-routes";
import { DASHBOARD_SERVER } from "../e2e/env";
import { callers } from "./fuzz/callers";
import { violations, type FuzzAnswer } from "./fuzz/check";
import { planRequests, type FuzzRequest } from "./fuzz/plan";
import { report, type Finding } from "./fuzz/report";
import { createRng } from "./fuzz/rng";
import { createSender } from "./fuzz/send";
import { ROOT, startStack } from "./fuzz/stack";

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

const seed = flag("seed", Math.floor(Math.random() * 2 ** 31));
const count = flag("count", 10_000);
const concurrency = Math.max(1, flag("concurrency", 8));
const deadline = Date.now() + flag("minutes", 20) * 60_000;
console.log(`fuzz: seed ${seed} (replay with --seed ${seed}), ${count} requests, concurrency ${concurrency}`);

const distDir = path.join(ROOT, ".next");
if (!existsSync(path.join(distDir, "BUILD_ID")) || !existsSync(path.join(ROOT, DASHBOARD_SERVER))) {
  console.error("fuzz: no production build in .next; run `npx tsx scripts/e2e-env.ts next build` first.");
  process.exit(2);
}
mkdirSync(path.join(ROOT, ".data"), { recursive: true });
const logFile = path.join(ROOT, ".data/fuzz-dashboard.log");
const stack = await startStack(logFile).catch((error: unknown) => {
  console.error(`fuzz: could not start: ${error instanceof Error ? error.message : String(error)}. The dashboard's log: ${logFile}`);
  process.exit(2);
});
let exitCode = 1;
try {
  const { routes } = loadApiRoutes(ROOT, distDir);
  const requests = planRequests({ rng: createRng(seed), routes, callers: await callers(stack.origin), origin: stack.origin, count });
  const sender = createSender(stack.port, 20_000, concurrency);
  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  const started = Date.now();

  const worker = async (queue: FuzzRequest[]) => {
    for (let request = queue.shift(); request && Date.now() < deadline; request = queue.shift()) {
      const answer: FuzzAnswer = await sender.send(request);
      sent++;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const broken = violations(request, answer);
      if (broken.length > 0) findings.push({ request, answer, broken });
      if (sent % 1000 === 0)
        console.log(`fuzz: ${sent} sent, ${findings.length} violations, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  };
  const queue = [...requests];
  await Promise.all(Array.from({ length: concurrency }, () => worker(queue)));
  sender.close();

  exitCode = report({
    seed,
    planned: requests.length,
    sent,
    statuses,
    findings,
    seconds: (Date.now() - started) / 1000,
    log: readFileSync(logFile, "utf8"),
    routes: routes.length,
  });
} finally {
  await stack.stop();
}
process.exit(exitCode);
