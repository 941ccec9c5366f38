import type { FuzzAnswer } from "./check";
import type { FuzzRequest } from "./plan";

// The run's summary: answers by status, the rules broken (counted by rule and by request kind
// and caller, with one request/answer pair in full for each of the first few rules), and any
// stack the dashboard wrote to its log. Returns the exit code.

export type Finding = { request: FuzzRequest; answer: FuzzAnswer; broken: string[] };

type Summary = {
  seed: number;
  planned: number;
  sent: number;
  statuses: Map<number, number>;
  findings: Finding[];
  seconds: number;
  /** The dashboard's stdout and stderr. */
  log: string;
  routes: number;
};

const SHOWN = 5;
const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text);
// A stack frame line, as Node prints them: "    at fn (file:line:col)".
const STACK_LINE = /^\s+at\s.+[:(]/m;

function describe({ request, answer, broken }: Finding): string {
  const body = request.body === undefined ? "none" : clip(request.body.toString(), 160);
  return [
    `  ✗ ${broken.join("; ")}`,
    `    request: ${request.method} ${clip(request.path, 160)}  (${request.label})`,
    `      headers: ${clip(JSON.stringify({ ...request.headers, Cookie: request.headers.Cookie ? "…" : undefined }), 240)}`,
    `      body: ${body}`,
    `    answer: ${answer.status} ${String(answer.headers["content-type"] ?? "")} ${clip(answer.body || answer.error || "", 300)}`,
  ].join("\n");
}

/** Distinct texts with their counts, most frequent first. */
function tally(texts: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts.entries()].sort(([, a], [, b]) => b - a);
}

/** A rule without the details that differ between requests (what the connection carried before). */
const ruleOf = (finding: Finding) => (finding.broken[0] ?? "").replace(/ \(after .*\)$/, "");

export function report(summary: Summary): number {
  const { seed, planned, sent, statuses, findings, seconds, log, routes } = summary;
  const stackLines = log.split("\n").filter((line) => STACK_LINE.test(line));
  const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(
    `\nfuzz: seed ${seed}; ${sent} of ${planned} requests sent over ${routes} /api routes × 7 methods in ${seconds.toFixed(1)} s`,
  );
  console.log(`answers by status: ${byStatus.join(", ")}`);
  console.log(
    `500 answers: ${statuses.get(500) ?? 0}; rule violations: ${findings.length}; stack lines in the dashboard log: ${stackLines.length}`,
  );
  for (const [rule, n] of tally(findings.map(ruleOf))) console.log(`  ${n} × ${rule}`);
  const callers = tally(findings.map(({ request }) => request.label.split(" as ").at(-1) ?? ""));
  if (callers.length > 0) console.log(`callers among them: ${callers.map(([caller, n]) => `${caller} ${n}`).join(", ")}`);
  console.log("most frequent request kinds among them:");
  for (const [kind, n] of tally(findings.map(({ request }) => request.label)).slice(0, 10)) console.log(`  ${n} × ${kind}`);
  const rules = [...new Set(findings.map(ruleOf))].slice(0, SHOWN);
  for (const rule of rules) console.log(describe(findings.find((finding) => ruleOf(finding) === rule)!));
  if (stackLines.length > 0) console.log(`first stack lines:\n${stackLines.slice(0, SHOWN).join("\n")}`);
  const ok = findings.length === 0 && stackLines.length === 0 && sent === planned;
  if (sent < planned) console.log(`fuzz: stopped at the time limit after ${sent} requests`);
  console.log(ok ? "fuzz: OK" : "fuzz: FAILED");
  return ok ? 0 : 1;
}
