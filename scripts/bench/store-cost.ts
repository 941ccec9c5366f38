// What the Postgres write ledger (and the audit trail's two appends) adds to one NGN payout
// submission against the in-memory ledger, in the same run, through the one pipeline with a client
// that answers at once; pairs interleaved so drift hits both (issue 17, docs/decisions/0125).
// Run under `tsx --conditions=react-server` with DATABASE_URL set; prints one JSON line.
// Called by scripts/bench.ts; alone: BENCH_ONLY=store npm run bench.
import { performance } from "node:perf_hooks";
import type { PaymentsClient } from "@/lib/payments";
import { createDatabase } from "@/lib/server/db/create";
import { createAuditLog } from "@/lib/server/audit/log";
import { entryHash, entryMac, GENESIS_HASH, toContent, type AuditInput } from "@/lib/server/audit/entry";
import { auditKey } from "@/lib/server/audit/keys";
import { NO_HOOKS, type WriteHooks } from "@/lib/server/money-writes/hooks";
import { MemoryWriteLedger, type WriteLedger } from "@/lib/server/money-writes/ledger";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import { runMoneyWrite, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { ngnPayoutWrite } from "@/lib/server/money-writes/kinds/ngn-payout";
import { sealBeneficiary } from "@/lib/server/money-writes/kinds/ngn-beneficiary-token";
import { env } from "@/lib/server/env";

const WARM_UP = 50;
const PAIRS = Number(process.env.BENCH_STORE_PAIRS ?? 300);

const actor = { id: "finance@demo.test", email: "finance@demo.test", role: "finance" };
const beneficiary = { bankCode: "058", accountNumber: "0123456789", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" };

let created = 0;
/** Answers every create at once, as a created payout. */
const client = {
  nigeria: {
    createPayout: (body: { amount: string; merchantReference: string }) =>
      Promise.resolve({
        transactionId: `tx_bench_${++created}`,
        status: "queued",
        amount: body.amount,
        merchantReference: body.merchantReference,
      }),
  },
} as unknown as PaymentsClient;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Per write, HMAC-SHA-256 of its two entries less SHA-256 of the same two, in ms (PAIRS samples). */
function chainingCost(secret: string): number[] {
  const key = auditKey(secret);
  const content = toContent(
    {
      actor: { kind: "staff", ...actor },
      environment: "live",
      action: "money_write.intent",
      merchantReference: "BENCH-1",
      result: "reserved",
    },
    new Date(),
  );
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + PAIRS; i += 1) {
    const plainStarted = performance.now();
    entryHash(entryHash(GENESIS_HASH, content), content);
    const plain = performance.now() - plainStarted;
    const keyedStarted = performance.now();
    entryMac(key, entryMac(key, GENESIS_HASH, content), content);
    if (i >= WARM_UP) samples.push(performance.now() - keyedStarted - plain);
  }
  return samples;
}

async function main(): Promise<void> {
  const databaseUrl = env().databaseUrl;
  // Migrated already: scripts/db/embedded-server.ts migrates the bench's cluster as it starts (this runs as the app's role).
  const database = createDatabase(databaseUrl, { max: 10 });
  const { token } = await sealBeneficiary(beneficiary, { environment: "live", subject: actor.email }, { secret: env().sessionSecret });
  const ctx: WriteContext = { client, mode: "live", actor, requestId: "bench" };
  const pgLedger = new PgWriteLedger(database, { instanceId: "bench", bootId: "bench" });
  // The audit trail as the app appends it (issue 18): one chained entry for the intent, one for the outcome.
  const auditLog = createAuditLog(database, { key: env().auditKey, onAnchor: () => undefined });
  const audited: WriteHooks = {
    policy: NO_HOOKS.policy,
    audit: async ({ phase, record, requestId }) => {
      const entry: AuditInput = {
        actor: { kind: "staff", ...record.actor },
        environment: record.environment,
        action: `money_write.${phase}`,
        merchantReference: record.reference,
        idempotencyKey: record.idempotencyKey,
        requestId,
        result: record.state,
      };
      await auditLog.append(entry);
    },
  };
  const variants: Record<"pg" | "memory" | "audited", { ledger: WriteLedger; hooks: WriteHooks }> = {
    pg: { ledger: pgLedger, hooks: NO_HOOKS },
    memory: { ledger: new MemoryWriteLedger(), hooks: NO_HOOKS },
    audited: { ledger: pgLedger, hooks: audited },
  };
  const run = `${Date.now().toString(36).toUpperCase()}`;
  let sequence = 0;
  async function submit(which: "pg" | "memory" | "audited"): Promise<number> {
    const input = { amount: "1000.00", merchantReference: `BENCH-${run}-${++sequence}`, beneficiary, beneficiaryToken: token };
    const started = performance.now();
    await runMoneyWrite(variants[which], ngnPayoutWrite, input, ctx);
    return performance.now() - started;
  }
  for (let i = 0; i < WARM_UP; i += 1) {
    await submit("pg");
    await submit("memory");
    await submit("audited");
  }
  const pg: number[] = [];
  const memory: number[] = [];
  const withAudit: number[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    pg.push(await submit("pg"));
    memory.push(await submit("memory"));
    withAudit.push(await submit("audited"));
  }
  const keyedAdded = chainingCost(env().auditKey);
  const added = pg.map((value, i) => value - (memory[i] ?? 0));
  const auditAdded = withAudit.map((value, i) => value - (pg[i] ?? 0));
  const round = (value: number) => Math.round(value * 1000) / 1000;
  console.log(
    JSON.stringify({
      pairs: PAIRS,
      pg: { p50: round(percentile(pg, 50)), p95: round(percentile(pg, 95)) },
      memory: { p50: round(percentile(memory, 50)), p95: round(percentile(memory, 95)) },
      added: { p50: round(percentile(added, 50)), p95: round(percentile(added, 95)) },
      audited: { p50: round(percentile(withAudit, 50)), p95: round(percentile(withAudit, 95)) },
      auditAdded: { p50: round(percentile(auditAdded, 50)), p95: round(percentile(auditAdded, 95)) },
      keyedAdded: { p50: round(percentile(keyedAdded, 50)), p95: round(percentile(keyedAdded, 95)) },
    }),
  );
  await database.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
