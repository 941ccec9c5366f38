// Fills the bench's audit trail with AUDIT_SEED entries (issue 18), chained as the app chains them
// so `npm run audit -- verify` passes, a thousand rows per statement; a year's mix of actions by
// five staff (docs/decisions/0125). Prints one JSON line: what a filter can ask for.
// Run under `tsx --conditions=react-server` with DATABASE_URL set; called by scripts/bench/audit-page.ts.
import { performance } from "node:perf_hooks";
import { createDatabase } from "@/lib/server/db/create";
import { entryMac, toContent, type AuditInput } from "@/lib/server/audit/entry";
import { auditKey } from "@/lib/server/audit/keys";
import { auditRow, lockChainHead } from "@/lib/server/audit/log";
import { env } from "@/lib/server/env";
import type { Environment } from "@/lib/rails";

const COUNT = Number(process.env.AUDIT_SEED ?? 100_000);
const BATCH = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_MS = 399 * DAY_MS;
const STAFF = ["admin", "finance", "finance2", "support", "viewer"].map((name) => ({
  kind: "staff" as const,
  id: `${name}@bench.test`,
  email: `${name}@bench.test`,
  role: name.replace(/\d$/, ""),
}));
const RAILS = ["ngn-payout", "bdt-payout", "brl-payout", "eur-payout", "inr-payin"];

/** A deterministic mix (entry n), so every run seeds the same trail. */
function entry(n: number): AuditInput[] {
  const actor = STAFF[n % STAFF.length]!;
  const environment: Environment = n % 4 === 0 ? "test" : "live";
  const kind = n % 20;
  if (kind < 6) return [{ actor, environment: null, action: "sign_in", result: "ok", clientAddress: `10.0.${n % 250}.${n % 200}` }];
  if (kind === 6)
    return [{ actor: { kind: "anonymous" }, action: "sign_in", result: "invalid_credentials", details: { typed: `hmac-${n}` } }];
  if (kind === 7) return [{ actor, action: "sign_out", result: "ok" }];
  if (kind === 8 && n % 100 === 8)
    return [{ actor, environment, action: "webhook.change", result: "ok", details: { to: `https://hooks.example/${n}` } }];
  if (kind === 9)
    return [
      { actor, environment, action: "csv_export", result: "ok", details: { page: "transactions", filters: "type=payout", rows: n % 5000 } },
    ];
  const rail = RAILS[n % RAILS.length]!;
  const reference = `BENCH-${n}`;
  const write = {
    actor,
    environment,
    merchantReference: reference,
    idempotencyKey: `${rail}:${environment}:${n.toString(16).padStart(64, "0")}`,
  };
  return [
    { ...write, action: "money_write.intent", result: "reserved", details: { rail } },
    { ...write, action: "money_write.outcome", targetIds: [`tx_bench_${n}`], result: "answered", details: { rail, upstreamStatus: 200 } },
  ];
}

async function main(): Promise<void> {
  // Migrated already: scripts/db/embedded-server.ts migrates the bench's cluster as it starts (this runs as the app's role).
  const database = createDatabase(env().databaseUrl, { max: 2 });
  const key = auditKey(env().auditKey);
  const inputs: AuditInput[] = [];
  for (let n = 1; inputs.length < COUNT; n += 1) inputs.push(...entry(n));
  inputs.length = COUNT;
  const started = performance.now();
  const start = Date.now() - SPAN_MS;
  await database.transaction().execute(async (trx) => {
    let prevHash = await lockChainHead(trx, key);
    for (let from = 0; from < COUNT; from += BATCH) {
      const rows = inputs.slice(from, from + BATCH).map((input, index) => {
        const content = toContent(input, new Date(start + Math.floor(((from + index) / COUNT) * SPAN_MS)));
        const hash = entryMac(key, prevHash, content);
        const row = auditRow(content, prevHash, hash, key.id);
        prevHash = hash;
        return row;
      });
      await trx.insertInto("audit_log").values(rows).execute();
    }
  });
  await database.destroy();
  const middle = Math.floor(COUNT / 2);
  const day = (offset: number) => new Date(start + offset * DAY_MS).toISOString().slice(0, 10);
  console.log(
    JSON.stringify({
      entries: COUNT,
      seedMs: performance.now() - started,
      // A payout near the middle of the trail, by its transaction id (its intent comes with it).
      target: inputs.slice(middle).find((input) => input.targetIds?.length)?.targetIds?.[0],
      // finance2: the one whose sign-outs fall on every 20th entry (the combined filter below finds some).
      actor: STAFF[2]!.email,
      week: { from: day(200), to: day(206) },
    }),
  );
}

await main();
