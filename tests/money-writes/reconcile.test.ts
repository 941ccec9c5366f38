// The start-up reconciler over the Postgres ledger, with stand-in rails and a client
// that refuses to send: rows a dead process left in intent or sent are settled by
// lookup only (found → answered, else → unknown with the bytes kept), and a row
// another live instance may be sending right now is left alone.
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { AuditEvent } from "@/lib/server/money-writes/hooks";
import type { WriteIntent, WriteOwner } from "@/lib/server/money-writes/ledger";
import type { WriteFinder } from "@/lib/server/money-writes/write-lookup";
import { IN_FLIGHT_GRACE_MS } from "@/lib/server/money-writes/owner";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import type { WriteKind } from "@/lib/server/money-writes/write-kinds";
import { ngnPayoutWrite } from "@/lib/server/money-writes/kinds/ngn-payout";
import { INTERRUPTED } from "@/lib/server/money-writes/ledger";
import { reconcileWrites } from "@/lib/server/money-writes/reconcile";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();

const ME: WriteOwner = { instanceId: "host-a:3000", bootId: "boot-2" };
const MY_PREVIOUS_LIFE: WriteOwner = { instanceId: "host-a:3000", bootId: "boot-1" };
const OTHER_INSTANCE: WriteOwner = { instanceId: "host-b:3000", bootId: "boot-9" };
const actor = { id: "finance@demo.test", email: "finance@demo.test", role: "finance" };

/**
 * A client that answers the two reads the NGN lookup makes and throws on
 * anything else: the reconciler must never send.
 */
function readOnlyClient(calls: string[], payouts: { id: string; amount: string; merchantReference: string }[]) {
  const fail = (name: string) => () => {
    calls.push(name);
    return Promise.reject(new Error(`the reconciler called ${name}: nothing may be sent`));
  };
  const client = {
    listTransactions: ({ offset = 0 }: { offset?: number }) => {
      calls.push("listTransactions");
      const items = payouts.map((payout) => ({
        id: payout.id,
        type: "payout",
        rail: "nigeria",
        amount: payout.amount,
        createdAt: new Date().toISOString(),
      }));
      return Promise.resolve({ items: items.slice(offset, offset + 100), unreadable: [], total: items.length, limit: 100, offset });
    },
    nigeria: {
      getPayout: (id: string) => {
        calls.push(`nigeria.getPayout:${id}`);
        const payout = payouts.find((candidate) => candidate.id === id)!;
        return Promise.resolve({
          transactionId: payout.id,
          reference: `NGNP-${payout.id}`,
          merchantReference: payout.merchantReference,
          status: "pending",
          amount: payout.amount,
          currency: "NGN",
          beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "ADA OBI", bankName: "GTBank" },
        });
      },
      createPayout: fail("nigeria.createPayout"),
    },
    brazil: { createPayout: fail("brazil.createPayout"), createPayin: fail("brazil.createPayin") },
  };
  return client as unknown as PaymentsClient;
}

/** A rail whose upstream is a set of references it knows (the stand-in adapter). */
const standInRail = (rail: WriteKind, known: Record<string, string>): WriteFinder => ({
  rail,
  find: (reference) => Promise.resolve(known[reference] ? { state: "created", transactionId: known[reference] } : { state: "absent" }),
});

async function leave(owner: WriteOwner, rail: WriteKind, reference: string, state: "intent" | "sent", requestBody: string) {
  const ledger = new PgWriteLedger(database.db, owner);
  const intent: WriteIntent = {
    environment: "live",
    rail,
    reference,
    idempotencyKey: `key-${reference}`,
    fingerprint: "fp",
    actor,
    requestBody,
  };
  await ledger.reserve(intent);
  if (state === "sent") await ledger.record("live", rail, reference, { state: "sent" });
}

const olderBy = (reference: string, ms: number) =>
  sql`update money_writes set created_at = created_at - ${ms} * interval '1 millisecond', updated_at = updated_at - ${ms} * interval '1 millisecond' where reference = ${reference}`.execute(
    database.db,
  );

const row = async (reference: string) =>
  (await database.db.selectFrom("money_writes").selectAll().where("reference", "=", reference).executeTakeFirst())!;

describe("reconcileWrites", () => {
  beforeEach(async () => {
    await sql`truncate money_writes cascade`.execute(database.db);
  });

  it("settles what our previous boot left at once: found → answered, not found → unknown with its bytes, and sends nothing", async () => {
    const calls: string[] = [];
    const client = readOnlyClient(calls, [
      { id: "tx_other", amount: "120.00", merchantReference: "NGN-SOMEONE-ELSE" },
      { id: "tx_found", amount: "900.25", merchantReference: "NGN-FOUND" },
    ]);
    await leave(MY_PREVIOUS_LIFE, "ngn-payout", "NGN-FOUND", "sent", '{"amount":"900.25","merchantReference":"NGN-FOUND"}');
    await leave(MY_PREVIOUS_LIFE, "ngn-payout", "NGN-MISSING", "sent", '{"amount":"1500.00","merchantReference":"NGN-MISSING"}');
    await leave(MY_PREVIOUS_LIFE, "brazil-payout", "BR-FOUND", "sent", '{"merchantReference":"BR-FOUND"}');
    await leave(MY_PREVIOUS_LIFE, "brazil-payout", "BR-MISSING", "intent", '{"merchantReference":"BR-MISSING"}');
    // A rail with no search of its own: only an id in the ledger could say it exists.
    await leave(MY_PREVIOUS_LIFE, "europe-approve", "tx_eu_1", "sent", '{"transactionId":"tx_eu_1"}');

    const ledger = new PgWriteLedger(database.db, ME);
    const audits: AuditEvent[] = [];
    const counts = await reconcileWrites(ledger, "live", {
      client,
      owner: ME,
      audit: (event) => (audits.push(event), Promise.resolve()),
      finders: {
        "ngn-payout": ngnPayoutWrite,
        "brazil-payout": standInRail("brazil-payout", { "BR-FOUND": "tx_br" }),
        "europe-approve": { rail: "europe-approve" },
      },
    });

    expect(counts).toEqual({ examined: 5, answered: 2, unknown: 3, moved: 0, errors: 0, deferred: 0 });
    expect(await row("NGN-FOUND")).toMatchObject({ state: "answered", transaction_id: "tx_found", request_body: null, code: null });
    expect(await row("BR-FOUND")).toMatchObject({ state: "answered", transaction_id: "tx_br", request_body: null });
    expect(await row("NGN-MISSING")).toMatchObject({
      state: "unknown",
      code: INTERRUPTED,
      request_body: '{"amount":"1500.00","merchantReference":"NGN-MISSING"}',
    });
    expect(await row("BR-MISSING")).toMatchObject({ state: "unknown", request_body: '{"merchantReference":"BR-MISSING"}' });
    expect(await row("tx_eu_1")).toMatchObject({ state: "unknown", transaction_id: null });
    // Each settled row gets its outcome in the trail, under the job, not the staff member who sent it.
    expect(audits.map(({ phase, via, by, record }) => [phase, via, by, record.reference, record.state]).sort()).toEqual(
      [
        ["outcome", "reconcile", { job: "reconciler" }, "BR-FOUND", "answered"],
        ["outcome", "reconcile", { job: "reconciler" }, "BR-MISSING", "unknown"],
        ["outcome", "reconcile", { job: "reconciler" }, "NGN-FOUND", "answered"],
        ["outcome", "reconcile", { job: "reconciler" }, "NGN-MISSING", "unknown"],
        ["outcome", "reconcile", { job: "reconciler" }, "tx_eu_1", "unknown"],
      ].sort(),
    );
    // Reads only; the payout of another amount was never opened.
    expect(calls.every((call) => call === "listTransactions" || call.startsWith("nigeria.getPayout:"))).toBe(true);
    expect(calls).not.toContain("nigeria.getPayout:tx_other");
    expect(calls).toContain("nigeria.getPayout:tx_found");

    // Settled rows are no longer unresolved: a second run finds nothing.
    expect(await reconcileWrites(ledger, "live", { client, owner: ME })).toMatchObject({ examined: 0 });
  });

  it("leaves a fresh row of another live instance alone, and settles it once it is older than the grace", async () => {
    const calls: string[] = [];
    await leave(OTHER_INSTANCE, "brazil-payout", "BR-ELSEWHERE", "sent", '{"merchantReference":"BR-ELSEWHERE"}');
    // And our own live rows: this very boot is sending them.
    await leave(ME, "brazil-payout", "BR-MINE-NOW", "sent", '{"merchantReference":"BR-MINE-NOW"}');
    const ledger = new PgWriteLedger(database.db, ME);
    const options = { client: readOnlyClient(calls, []), owner: ME, finders: { "brazil-payout": standInRail("brazil-payout", {}) } };

    expect(await reconcileWrites(ledger, "live", options)).toMatchObject({ examined: 0 });
    expect(await row("BR-ELSEWHERE")).toMatchObject({ state: "sent", instance_id: "host-b:3000" });

    await olderBy("BR-ELSEWHERE", IN_FLIGHT_GRACE_MS + 1_000);
    expect(await reconcileWrites(ledger, "live", options)).toMatchObject({ examined: 1, unknown: 1 });
    expect(await row("BR-ELSEWHERE")).toMatchObject({ state: "unknown", request_body: '{"merchantReference":"BR-ELSEWHERE"}' });
    expect(await row("BR-MINE-NOW")).toMatchObject({ state: "sent" });
    expect(calls).toEqual([]);
  });

  it("leaves a row whose lookup fails as it was, counts it, and reports it", async () => {
    await leave(MY_PREVIOUS_LIFE, "brazil-payout", "BR-DOWN", "sent", '{"merchantReference":"BR-DOWN"}');
    const failures: string[] = [];
    const counts = await reconcileWrites(new PgWriteLedger(database.db, ME), "live", {
      client: readOnlyClient([], []),
      owner: ME,
      finders: { "brazil-payout": { rail: "brazil-payout", find: () => Promise.reject(new Error("upstream down")) } },
      onError: (record, error) => failures.push(`${record.reference}: ${(error as Error).message}`),
    });
    expect(counts).toEqual({ examined: 1, answered: 0, unknown: 0, moved: 0, errors: 1, deferred: 0 });
    expect(failures).toEqual(["BR-DOWN: upstream down"]);
    expect(await row("BR-DOWN")).toMatchObject({ state: "sent" });
  });

  it("stops at a lookup that finds the API unavailable, leaving the rest to the next run; a row's own failure does not stop it", async () => {
    for (const reference of ["BR-A", "BR-B", "BR-C"]) {
      await leave(MY_PREVIOUS_LIFE, "brazil-payout", reference, "sent", `{"merchantReference":"${reference}"}`);
    }
    const asked: string[] = [];
    const run = (failure: Error) =>
      reconcileWrites(new PgWriteLedger(database.db, ME), "live", {
        client: readOnlyClient([], []),
        owner: ME,
        finders: {
          "brazil-payout": {
            rail: "brazil-payout",
            find: (reference) => {
              asked.push(reference);
              return Promise.reject(failure);
            },
          },
        },
      });
    // No answer at all (the client's own retries spent): the API is down.
    const down = new PaymentsApiError("GET /v1/payouts/x network error", { status: 0, code: "upstream", retryable: true });
    expect(await run(down)).toEqual({ examined: 1, answered: 0, unknown: 0, moved: 0, errors: 1, deferred: 2 });
    expect(asked).toHaveLength(1);
    // A 503 is a rail's state (§1 rule 9), and a 400 is this row's own: neither stops the run.
    for (const [status, code] of [
      [503, "payment_unavailable"],
      [400, "validation"],
    ] as const) {
      asked.length = 0;
      const refused = new PaymentsApiError(`GET /v1/payouts/x answered ${status}`, { status, code, retryable: false });
      expect(await run(refused)).toEqual({ examined: 3, answered: 0, unknown: 0, moved: 0, errors: 3, deferred: 0 });
      expect(asked.sort()).toEqual(["BR-A", "BR-B", "BR-C"]);
    }
    for (const reference of ["BR-A", "BR-B", "BR-C"]) expect(await row(reference)).toMatchObject({ state: "sent" });
  });

  it("tries a row whose lookup failed after the others, so one that keeps failing never holds the rest back", async () => {
    for (const reference of ["BR-STUCK", "BR-OK-1", "BR-OK-2"]) {
      await leave(MY_PREVIOUS_LIFE, "brazil-payout", reference, "sent", `{"merchantReference":"${reference}"}`);
    }
    const asked: string[] = [];
    const run = () =>
      reconcileWrites(new PgWriteLedger(database.db, ME), "live", {
        client: readOnlyClient([], []),
        owner: ME,
        finders: {
          "brazil-payout": {
            rail: "brazil-payout",
            find: (reference) => {
              asked.push(reference);
              return reference === "BR-STUCK"
                ? Promise.reject(new PaymentsApiError("timed out", { status: 0, code: "upstream", retryable: true }))
                : Promise.resolve({ state: "absent" });
            },
          },
        },
      });
    // The ledger hands the oldest first: the stuck row stops the first run.
    expect(await run()).toMatchObject({ examined: 1, errors: 1, deferred: 2 });
    expect(asked).toEqual(["BR-STUCK"]);
    asked.length = 0;
    expect(await run()).toMatchObject({ examined: 3, unknown: 2, errors: 1, deferred: 0 });
    expect(asked).toEqual(["BR-OK-1", "BR-OK-2", "BR-STUCK"]);
    expect(await row("BR-OK-1")).toMatchObject({ state: "unknown" });
    expect(await row("BR-STUCK")).toMatchObject({ state: "sent" });
  });

  it("with more failing rows than one run takes, the rest are still looked at, whichever instance runs next", async () => {
    for (const reference of ["BR-BAD-1", "BR-BAD-2", "BR-GOOD"]) {
      await leave(MY_PREVIOUS_LIFE, "brazil-payout", reference, "sent", `{"merchantReference":"${reference}"}`);
    }
    const asked: string[] = [];
    let upstreamFixed = false;
    const run = (owner: WriteOwner) =>
      reconcileWrites(new PgWriteLedger(database.db, owner), "live", {
        client: readOnlyClient([], []),
        owner,
        limit: 2,
        graceMs: 0,
        finders: {
          "brazil-payout": {
            rail: "brazil-payout",
            find: (reference) => {
              asked.push(reference);
              // A row's own failure (a 400): the run goes on, but the row stays unresolved.
              return reference.startsWith("BR-BAD") && !upstreamFixed
                ? Promise.reject(new PaymentsApiError("answered 400", { status: 400, code: "validation", retryable: false }))
                : Promise.resolve({ state: "absent" });
            },
          },
        },
      });
    expect(await run(ME)).toMatchObject({ examined: 2, errors: 2 });
    expect(asked).toEqual(["BR-BAD-1", "BR-BAD-2"]);
    asked.length = 0;
    // Another instance (or this one after a restart): the failures are the ledger's, not a process's.
    expect(await run(OTHER_INSTANCE)).toMatchObject({ examined: 2, unknown: 1, errors: 1 });
    expect(asked).toEqual(["BR-GOOD", "BR-BAD-1"]);
    expect(await row("BR-GOOD")).toMatchObject({ state: "unknown" });
    expect(await row("BR-BAD-1")).toMatchObject({ state: "sent" });
    // Noting a failure changed nothing the settlement checks: once the lookup works, both settle.
    upstreamFixed = true;
    asked.length = 0;
    expect(await run(ME)).toMatchObject({ examined: 2, unknown: 2, errors: 0 });
    expect(asked).toEqual(["BR-BAD-2", "BR-BAD-1"]);
  });

  it("does not overwrite an outcome a live send records while the lookup runs", async () => {
    await leave(MY_PREVIOUS_LIFE, "brazil-payout", "BR-RACE", "sent", '{"merchantReference":"BR-RACE"}');
    const live = new PgWriteLedger(database.db, OTHER_INSTANCE);
    const counts = await reconcileWrites(new PgWriteLedger(database.db, ME), "live", {
      client: readOnlyClient([], []),
      owner: ME,
      finders: {
        "brazil-payout": {
          rail: "brazil-payout",
          // Meanwhile another instance's "check again" got its answer.
          find: async (reference) => {
            await live.record("live", "brazil-payout", reference, { state: "answered", transactionId: "tx_live", upstreamStatus: null });
            return { state: "absent" };
          },
        },
      },
    });
    expect(counts).toMatchObject({ examined: 1, moved: 1, unknown: 0 });
    expect(await row("BR-RACE")).toMatchObject({ state: "answered", transaction_id: "tx_live" });
  });

  it("looks at one environment at a time", async () => {
    await leave(MY_PREVIOUS_LIFE, "brazil-payout", "BR-LIVE", "sent", "{}");
    const counts = await reconcileWrites(new PgWriteLedger(database.db, ME), "test", { client: readOnlyClient([], []), owner: ME });
    expect(counts.examined).toBe(0);
    expect(await row("BR-LIVE")).toMatchObject({ state: "sent" });
  });
});
