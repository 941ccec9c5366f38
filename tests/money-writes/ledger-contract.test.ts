// One contract, two ledgers: the Postgres one the app uses and the memory one the
// unit tests and the bench use must answer alike, or a test on the memory one
// would prove nothing about the app.
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { MemoryWriteLedger, type WriteIntent, type WriteLedger, type WriteOwner } from "@/lib/server/money-writes/ledger";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();

type Subject = {
  name: string;
  /** A fresh, empty ledger written as `owner`. */
  make(owner: WriteOwner): Promise<WriteLedger>;
  /** Makes every row written so far `ms` older (as if that much time had passed). */
  age(ms: number): Promise<void>;
};

let clockOffset = 0;
const SUBJECTS: Subject[] = [
  {
    name: "MemoryWriteLedger",
    make: (owner) => {
      clockOffset = 0;
      return Promise.resolve(new MemoryWriteLedger(() => new Date(Date.now() + clockOffset), owner));
    },
    age: (ms) => Promise.resolve(void (clockOffset += ms)),
  },
  {
    name: "PgWriteLedger",
    make: async (owner) => {
      await sql`truncate money_writes cascade`.execute(database.db);
      return new PgWriteLedger(database.db, owner);
    },
    age: async (ms) => {
      await sql`update money_writes set created_at = created_at - ${ms} * interval '1 millisecond', updated_at = updated_at - ${ms} * interval '1 millisecond'`.execute(
        database.db,
      );
    },
  },
];

const actor = { id: "finance@demo.test", email: "finance@demo.test", role: "finance" };
const ME: WriteOwner = { instanceId: "host-a:3000", bootId: "boot-1" };
const GRACE = 60_000;

const intent = (
  reference: string,
  {
    environment = "live",
    rail = "ngn-payout",
    requestBody = `{"reference":"${reference}"}`,
    fingerprint = "fp-1",
  }: Partial<Pick<WriteIntent, "environment" | "rail" | "requestBody" | "fingerprint">> = {},
): WriteIntent => ({ environment, rail, reference, idempotencyKey: `key-${reference}`, fingerprint, actor, requestBody });

describe.each(SUBJECTS)("the write ledger contract: $name", (subject) => {
  let ledger: WriteLedger;
  beforeEach(async () => {
    ledger = await subject.make(ME);
  });

  it("reserves a reference once; a second reserve returns the record that holds it", async () => {
    const first = await ledger.reserve(intent("NGN-1"));
    expect(first.created).toBe(true);
    expect(first.record).toMatchObject({
      environment: "live",
      rail: "ngn-payout",
      reference: "NGN-1",
      idempotencyKey: "key-NGN-1",
      fingerprint: "fp-1",
      actor,
      state: "intent",
      upstreamStatus: null,
      code: null,
      transactionId: null,
      requestBody: '{"reference":"NGN-1"}',
    });
    expect(first.record.createdAt).toBeInstanceOf(Date);
    expect(first.record.updatedAt.getTime()).toBe(first.record.createdAt.getTime());

    const second = await ledger.reserve(intent("NGN-1", { fingerprint: "fp-other", requestBody: "{}" }));
    // The same row, read later: only its quiet time has grown.
    expect(second).toEqual({ record: { ...first.record, quietMs: second.record.quietMs }, created: false });
    expect(first.record.quietMs).toBe(0);
    expect(second.record.quietMs).toBeGreaterThanOrEqual(0);
  });

  it("reserves a write that is sent at once as sent, in the same step, still unresolved for the reconciler", async () => {
    const { record, created } = await ledger.reserve({ ...intent("SENT-AT-ONCE"), sending: true });
    expect([created, record.state]).toEqual([true, "sent"]);
    expect((await ledger.find("live", "ngn-payout", "SENT-AT-ONCE"))?.state).toBe("sent");
    // A second reserve of it (a re-send) finds it as it is.
    expect((await ledger.reserve({ ...intent("SENT-AT-ONCE"), sending: true })).created).toBe(false);
  });

  it("gives a reference to exactly one of many concurrent reserves", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => ledger.reserve(intent("NGN-RACE", { fingerprint: `fp-${i}` }))));
    const winners = results.filter((result) => result.created);
    expect(winners).toHaveLength(1);
    // Every loser sees the winner's write, not its own.
    for (const result of results) expect(result.record.fingerprint).toBe(winners[0]!.record.fingerprint);
  });

  it("keeps environments and rails apart: one reference in each is another write", async () => {
    expect((await ledger.reserve(intent("REF-1"))).created).toBe(true);
    expect((await ledger.reserve(intent("REF-1", { environment: "test" }))).created).toBe(true);
    expect((await ledger.reserve(intent("REF-1", { rail: "brazil-payout" }))).created).toBe(true);
    await ledger.record("test", "ngn-payout", "REF-1", { state: "answered", transactionId: "tx_t", upstreamStatus: null });
    expect((await ledger.find("live", "ngn-payout", "REF-1"))?.state).toBe("intent");
    expect((await ledger.find("live", "brazil-payout", "REF-1"))?.state).toBe("intent");
  });

  it("records the outcome; a resolved write drops its request bytes, an unknown one keeps them", async () => {
    await ledger.reserve(intent("NGN-A"));
    await ledger.reserve(intent("NGN-F"));
    for (const reference of ["NGN-A", "NGN-F"])
      expect((await ledger.record("live", "ngn-payout", reference, { state: "sent" })).state).toBe("sent");

    const unknown = await ledger.record("live", "ngn-payout", "NGN-A", { state: "unknown", code: "upstream_error", upstreamStatus: 502 });
    expect(unknown).toMatchObject({ state: "unknown", code: "upstream_error", upstreamStatus: 502, requestBody: '{"reference":"NGN-A"}' });
    // "Check again": sent once more, then answered. The code goes, the status stays unless the outcome says.
    await ledger.record("live", "ngn-payout", "NGN-A", { state: "sent" });
    const answered = await ledger.record("live", "ngn-payout", "NGN-A", { state: "answered", transactionId: "tx_1", upstreamStatus: null });
    expect(answered).toMatchObject({ state: "answered", code: null, transactionId: "tx_1", upstreamStatus: null, requestBody: null });
    expect(answered.updatedAt.getTime()).toBeGreaterThanOrEqual(answered.createdAt.getTime());

    const failed = await ledger.record("live", "ngn-payout", "NGN-F", {
      state: "failed",
      code: "insufficient_balance",
      upstreamStatus: 400,
    });
    expect(failed).toMatchObject({ state: "failed", code: "insufficient_balance", upstreamStatus: 400, requestBody: null });
    expect(await ledger.find("live", "ngn-payout", "NGN-F")).toEqual({ ...failed, quietMs: expect.any(Number) });
  });

  it("refuses to record an outcome for a write never reserved", async () => {
    await expect(ledger.record("live", "ngn-payout", "NGN-NONE", { state: "sent" })).rejects.toThrow(/No reserved write/);
    expect(await ledger.find("live", "ngn-payout", "NGN-NONE")).toBeUndefined();
  });

  it("release frees a reference, so a corrected body may take it", async () => {
    await ledger.reserve(intent("BR-1", { rail: "brazil-payout" }));
    await ledger.release("live", "brazil-payout", "BR-1");
    expect(await ledger.find("live", "brazil-payout", "BR-1")).toBeUndefined();
    const again = await ledger.reserve(intent("BR-1", { rail: "brazil-payout", fingerprint: "fp-corrected" }));
    expect(again).toMatchObject({ created: true, record: { fingerprint: "fp-corrected", state: "intent" } });
  });

  it("lists unresolved writes that no live process sends: an earlier boot's at once, anyone's once stale", async () => {
    await ledger.reserve(intent("R-INTENT"));
    await ledger.reserve(intent("R-SENT"));
    await ledger.record("live", "ngn-payout", "R-SENT", { state: "sent" });
    await ledger.reserve(intent("R-DONE"));
    await ledger.record("live", "ngn-payout", "R-DONE", { state: "answered", transactionId: "tx_d", upstreamStatus: null });
    await ledger.reserve(intent("R-UNKNOWN"));
    await ledger.record("live", "ngn-payout", "R-UNKNOWN", { state: "unknown", code: "no_answer", upstreamStatus: null });
    await ledger.reserve(intent("R-TEST", { environment: "test" }));
    const references = async (owner: WriteOwner, limit = 10) =>
      (await ledger.unresolved("live", { owner, graceMs: GRACE, limit })).map((record) => record.reference).sort();

    // This very process: its writes are in flight.
    expect(await references(ME)).toEqual([]);
    // Another instance: fresh rows may be in flight there.
    expect(await references({ instanceId: "host-b:3000", bootId: "boot-9" })).toEqual([]);
    // This instance's next boot: the rows of its previous life, whatever their age.
    expect(await references({ ...ME, bootId: "boot-2" })).toEqual(["R-INTENT", "R-SENT"]);
    expect(await references({ ...ME, bootId: "boot-2" }, 1)).toHaveLength(1);

    await subject.age(GRACE + 1_000);
    expect(await references({ instanceId: "host-b:3000", bootId: "boot-9" })).toEqual(["R-INTENT", "R-SENT"]);
    expect(await references(ME)).toEqual(["R-INTENT", "R-SENT"]);
  });

  it("lets one of two re-sends claim a write read alike, never an answered one, and keeps an answered write answered", async () => {
    await ledger.reserve(intent("C-1"));
    await ledger.record("live", "ngn-payout", "C-1", { state: "unknown", code: "no_answer", upstreamStatus: null });
    const seen = (await ledger.find("live", "ngn-payout", "C-1"))!;
    const [one, other] = await Promise.all([ledger.claim(seen), ledger.claim(seen)]);
    expect([one?.state, other?.state].sort()).toEqual(["sent", undefined]);
    await ledger.record("live", "ngn-payout", "C-1", { state: "answered", transactionId: "tx_c1", upstreamStatus: null });
    const answered = (await ledger.find("live", "ngn-payout", "C-1"))!;
    expect(await ledger.claim(answered)).toBeUndefined();
    // A late failure, a mark, a refusal: none demotes it, and the row comes back as it stands.
    for (const outcome of [
      { state: "unknown", code: "upstream", upstreamStatus: null },
      { state: "sent" },
      { state: "failed", code: "limit_exceeded", upstreamStatus: 400 },
    ] as const)
      expect(await ledger.record("live", "ngn-payout", "C-1", outcome)).toMatchObject({ state: "answered", transactionId: "tx_c1" });
  });

  it("keeps an answered write's transaction id when a later answer carries none", async () => {
    await ledger.reserve(intent("D-1", { rail: "ngn-va" }));
    await ledger.record("live", "ngn-va", "D-1", { state: "answered", transactionId: null, upstreamStatus: 200 });
    await ledger.record("live", "ngn-va", "D-1", { state: "answered", transactionId: "tx_d1", upstreamStatus: 200 });
    // A replay of the same key answered without the id (the virtual account's answer may carry none).
    expect(await ledger.record("live", "ngn-va", "D-1", { state: "answered", transactionId: null, upstreamStatus: 200 })).toMatchObject({
      state: "answered",
      transactionId: "tx_d1",
    });
    expect(await ledger.find("live", "ngn-va", "D-1")).toMatchObject({ transactionId: "tx_d1" });
  });

  it("finds an answered write by its transaction id, in its environment and rail only", async () => {
    await ledger.reserve(intent("NGN-BY-ID"));
    await ledger.record("live", "ngn-payout", "NGN-BY-ID", { state: "answered", transactionId: "tx_by_id", upstreamStatus: 201 });
    expect((await ledger.findByTransaction("live", "ngn-payout", "tx_by_id"))?.reference).toBe("NGN-BY-ID");
    expect(await ledger.findByTransaction("test", "ngn-payout", "tx_by_id")).toBeUndefined();
    expect(await ledger.findByTransaction("live", "brazil-payout", "tx_by_id")).toBeUndefined();
    expect(await ledger.findByTransaction("live", "ngn-payout", "tx_other")).toBeUndefined();
  });

  it("settles a write only if it is still as it was read", async () => {
    await ledger.reserve(intent("S-1"));
    await ledger.record("live", "ngn-payout", "S-1", { state: "sent" });
    await ledger.reserve(intent("S-2"));
    await ledger.record("live", "ngn-payout", "S-2", { state: "sent" });
    await ledger.reserve(intent("S-3"));
    await ledger.record("live", "ngn-payout", "S-3", { state: "sent" });
    await subject.age(GRACE + 1_000);
    const seen = await ledger.unresolved("live", { owner: ME, graceMs: GRACE, limit: 10 });
    const byReference = (reference: string) => seen.find((record) => record.reference === reference)!;

    const settled = await ledger.settle(byReference("S-1"), { state: "answered", transactionId: "tx_s1", upstreamStatus: null });
    expect(settled).toMatchObject({ state: "answered", transactionId: "tx_s1", requestBody: null });

    // S-2's send came back meanwhile: its outcome stands.
    await ledger.record("live", "ngn-payout", "S-2", { state: "answered", transactionId: "tx_s2", upstreamStatus: null });
    expect(await ledger.settle(byReference("S-2"), { state: "unknown", code: "interrupted", upstreamStatus: null })).toBeUndefined();
    expect(await ledger.find("live", "ngn-payout", "S-2")).toMatchObject({ state: "answered", transactionId: "tx_s2" });

    // S-3 was sent again meanwhile (check again, from a live process): still sent, but not the row we read.
    await ledger.record("live", "ngn-payout", "S-3", { state: "sent" });
    expect(await ledger.settle(byReference("S-3"), { state: "unknown", code: "interrupted", upstreamStatus: null })).toBeUndefined();
    expect((await ledger.find("live", "ngn-payout", "S-3"))?.state).toBe("sent");

    // Settled once is settled: a second reconciler holding the same read changes nothing.
    expect(await ledger.settle(byReference("S-1"), { state: "unknown", code: "interrupted", upstreamStatus: null })).toBeUndefined();
    expect((await ledger.find("live", "ngn-payout", "S-1"))?.state).toBe("answered");
  });
});
