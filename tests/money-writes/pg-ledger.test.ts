// What only the Postgres ledger promises: its rows outlive the process (a new pool
// is a restart), its table refuses a state the code must never write, the intent
// is committed before anything is sent, and it records who is sending.
import { sql } from "kysely";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { NO_HOOKS } from "@/lib/server/money-writes/hooks";
import type { WriteIntent } from "@/lib/server/money-writes/ledger";
import { stillInFlight } from "@/lib/server/money-writes/owner";
import { IN_FLIGHT_GRACE_MS } from "@/lib/server/money-writes/owner";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import { runMoneyWrite, type WriteAdapter, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();

const actor = { id: "finance@demo.test", email: "finance@demo.test", role: "finance" };
const intent = (reference: string): WriteIntent => ({
  environment: "live",
  rail: "brazil-payout",
  reference,
  idempotencyKey: `key-${reference}`,
  fingerprint: "fp",
  actor,
  requestBody: `{"merchantReference":"${reference}"}`,
});

/** Another pool on the file's database: another process, as far as Postgres can tell. */
function anotherPool() {
  const pool = createDatabase(database.url, { max: 3 });
  onTestFinished(() => pool.destroy());
  return pool;
}

const row = async (reference: string) =>
  (await database.db.selectFrom("money_writes").selectAll().where("reference", "=", reference).executeTakeFirst())!;

describe("PgWriteLedger", () => {
  it("keeps its rows across a restart (a new pool)", async () => {
    const before = createDatabase(database.url, { max: 2 });
    const ledger = new PgWriteLedger(before, { instanceId: "host-a:3000", bootId: "boot-1" });
    await ledger.reserve(intent("BR-KEPT"));
    await ledger.record("live", "brazil-payout", "BR-KEPT", { state: "unknown", code: "no_answer", upstreamStatus: null });
    await before.destroy();

    const after = new PgWriteLedger(anotherPool(), { instanceId: "host-a:3000", bootId: "boot-2" });
    expect(await after.find("live", "brazil-payout", "BR-KEPT")).toMatchObject({
      state: "unknown",
      code: "no_answer",
      requestBody: '{"merchantReference":"BR-KEPT"}',
      actor,
    });
    // And the reference is still taken.
    expect((await after.reserve({ ...intent("BR-KEPT"), fingerprint: "other" })).created).toBe(false);
  });

  it("gives one reference to one of two instances reserving it at once", async () => {
    const instances = [anotherPool(), anotherPool()].map(
      (pool, i) => new PgWriteLedger(pool, { instanceId: `host-${i}:3000`, bootId: "b" }),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => instances[i % 2]!.reserve({ ...intent("BR-TWO"), fingerprint: `fp-${i}` })),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await database.db.selectFrom("money_writes").where("reference", "=", "BR-TWO").select("reference").execute()).toHaveLength(1);
  });

  it("refuses, in the table itself, a resolved write that keeps its request bytes, and an unknown state", async () => {
    const ledger = new PgWriteLedger(database.db);
    await ledger.reserve(intent("BR-CHECK"));
    for (const state of ["answered", "failed"]) {
      const update = sql`update money_writes set state = ${state}, code = 'x' where reference = 'BR-CHECK'`.execute(database.db);
      await expect(update).rejects.toMatchObject({ code: "23514", constraint: "money_writes_resolved_without_bytes" });
    }
    await expect(sql`update money_writes set state = 'lost' where reference = 'BR-CHECK'`.execute(database.db)).rejects.toMatchObject({
      code: "23514",
    });
    await expect(
      sql`update money_writes set state = 'failed', request_body = null where reference = 'BR-CHECK'`.execute(database.db),
    ).rejects.toMatchObject({ code: "23514", constraint: "money_writes_failed_has_code" });
    // Through the ledger, resolving drops the bytes, so the same move is accepted.
    await ledger.record("live", "brazil-payout", "BR-CHECK", { state: "failed", code: "limit_exceeded", upstreamStatus: 400 });
    expect(await row("BR-CHECK")).toMatchObject({ state: "failed", request_body: null, code: "limit_exceeded" });
  });

  it("records which instance and boot last moved a write to intent or sent", async () => {
    const first = new PgWriteLedger(database.db, { instanceId: "host-a:3000", bootId: "boot-1" });
    const second = new PgWriteLedger(database.db, { instanceId: "host-b:3000", bootId: "boot-7" });
    await first.reserve(intent("BR-OWNER"));
    expect(await row("BR-OWNER")).toMatchObject({ instance_id: "host-a:3000", boot_id: "boot-1" });
    await first.record("live", "brazil-payout", "BR-OWNER", { state: "unknown", code: "no_answer", upstreamStatus: null });
    // Check again from another instance: it is the sender now.
    await second.record("live", "brazil-payout", "BR-OWNER", { state: "sent" });
    expect(await row("BR-OWNER")).toMatchObject({ state: "sent", instance_id: "host-b:3000", boot_id: "boot-7" });
    await second.record("live", "brazil-payout", "BR-OWNER", { state: "answered", transactionId: "tx_o", upstreamStatus: null });
    expect(await row("BR-OWNER")).toMatchObject({ state: "answered", instance_id: "host-b:3000", boot_id: "boot-7", request_body: null });
  });

  it("has the intent committed, for every other connection to see, before the pipeline sends", async () => {
    const observer = anotherPool();
    const seenAtSend: unknown[] = [];
    const adapter: WriteAdapter<{ merchantReference: string }, { merchantReference: string }, { transactionId: string }, string> = {
      rail: "brazil-payout",
      reference: (input) => input.merchantReference,
      prepare: (input) => input,
      send: async () => {
        seenAtSend.push(
          await observer
            .selectFrom("money_writes")
            .select(["state", "request_body"])
            .where("reference", "=", "BR-COMMIT")
            .executeTakeFirst(),
        );
        return { transactionId: "tx_c" };
      },
      transactionId: (answer) => answer.transactionId,
      present: (answer) => answer.transactionId,
    };
    const ctx = { client: {}, mode: "live", actor, requestId: "req-1" } as WriteContext;
    const ledger = new PgWriteLedger(database.db, { instanceId: "host-a:3000", bootId: "boot-1" });
    expect(await runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, { merchantReference: "BR-COMMIT" }, ctx)).toBe("tx_c");
    expect(seenAtSend).toEqual([{ state: "sent", request_body: '{"merchantReference":"BR-COMMIT"}' }]);
    expect(await row("BR-COMMIT")).toMatchObject({ state: "answered", transaction_id: "tx_c", request_body: null });
  });

  // Instances' clocks drift; the database's is the one every row was stamped by. A process whose
  // clock ran an hour ahead took a send another instance had just started for an abandoned one,
  // and claimed it for a second send beside the first.
  it("tells a write still in flight by the database's clock, whatever this process's clock says", async () => {
    const ledger = new PgWriteLedger(database.db, { instanceId: "host-a:3000", bootId: "boot-1" });
    await ledger.reserve({ ...intent("BR-CLOCK"), sending: true });
    await ledger.reserve({ ...intent("BR-QUIET"), sending: true });
    await sql`update money_writes set updated_at = now() - interval '1 hour' where reference = 'BR-QUIET'`.execute(database.db);
    vi.useFakeTimers({ now: Date.now() + 3_600_000, toFake: ["Date"] });
    try {
      const fresh = await ledger.find("live", "brazil-payout", "BR-CLOCK");
      expect(fresh!.quietMs).toBeLessThan(IN_FLIGHT_GRACE_MS);
      expect(stillInFlight(fresh!)).toBe(true);
      vi.setSystemTime(Date.now() - 7_200_000);
      const quiet = await ledger.find("live", "brazil-payout", "BR-QUIET");
      expect(quiet!.quietMs).toBeGreaterThanOrEqual(3_600_000);
      expect(stillInFlight(quiet!)).toBe(false);
      // What reserve returns for a reference already taken reads the same way.
      expect(stillInFlight((await ledger.reserve(intent("BR-CLOCK"))).record)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
