// The audit trail's chain: linked HMACs under AUDIT_KEY, refused changes, every tamper found at
// its entry, anchors signed outside the database after commits and at shutdown, serialized
// appends from two instances, and a retention prune the chain survives.
import { type KyselyPlugin, sql } from "kysely";
import { describe, expect, it, vi, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { ANCHOR_EVERY_MS, createAuditLog, type Anchor } from "@/lib/server/audit/log";
import { redactDetails, typedEmailHmac } from "@/lib/server/audit/redact";
import { anchorsFromLog, verifyChain } from "@/lib/server/audit/verify";
import type { AuditInput } from "@/lib/server/audit/entry";
import { emptyAuditTrail } from "../support/audit-trail";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();
const KEY = "audit-key-for-tests-0123456789abcdef";
const keys = [KEY];

const entry = (n: number): AuditInput => ({
  actor: { kind: "staff", id: "finance@demo.test", email: "finance@demo.test", role: "finance" },
  environment: "live",
  action: "money_write.outcome",
  targetIds: [`tx_${n}`],
  merchantReference: `NGN-REF-${n}`,
  idempotencyKey: `ngn-payout:live:${n}`,
  requestId: `req-${n}`,
  clientAddress: "203.0.113.7",
  result: "answered",
  details: { rail: "ngn-payout", amount: "1000.00" },
});

const intact = (entries: number, anchors = 0) => ({ entries, anchors, breaks: [], firstBreak: null });

/** As whoever owns the database (the tests' superuser), with the trigger off. */
async function asOwner(statement: ReturnType<typeof sql>) {
  await sql`alter table audit_log disable trigger audit_log_append_only`.execute(database.db);
  try {
    await statement.execute(database.db);
  } finally {
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(database.db);
  }
}

const fresh = () => emptyAuditTrail(database.db);

/** A fresh trail: four entries 500 days old, then three of today, by a log whose clock the test can move. */
async function oldThenRecent() {
  await fresh();
  let clock = Date.now() - 500 * 24 * 60 * 60 * 1000;
  const log = createAuditLog(database.db, { key: KEY, now: () => new Date(clock) });
  for (let n = 1; n <= 4; n += 1) await log.append(entry(n));
  clock = Date.now();
  for (let n = 5; n <= 7; n += 1) await log.append(entry(n));
  return { log, setClock: (ms: number) => void (clock = ms) };
}

describe("the audit chain", () => {
  it("links each entry to the one before, and verify walks it", async () => {
    await fresh();
    const log = createAuditLog(database.db, { key: KEY });
    for (let n = 1; n <= 5; n += 1) await log.append(entry(n));
    const rows = await database.db.selectFrom("audit_log").select(["id", "prev_hash", "hash", "key_id"]).orderBy("id").execute();
    expect(rows[0]?.prev_hash).toBe("0".repeat(64));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    expect(new Set(rows.map((row) => row.key_id)).size).toBe(1);
    expect(await verifyChain(database.db, { keys })).toEqual(intact(5));
  });

  // Postgres refuses a NUL in text and jsonb: one in a value the API gave must not stop the entry.
  it("writes an entry whose values hold a NUL, with U+FFFD in its place, and the chain verifies", async () => {
    await fresh();
    const log = createAuditLog(database.db, { key: KEY });
    await log.append({
      ...entry(1),
      targetIds: ["tx_\u00001"],
      details: { previousUrl: "https://hooks.example/a\u0000", url: "https://b.example" },
    });
    const [row] = await database.db.selectFrom("audit_log").select(["target_ids", "details"]).execute();
    expect(row).toEqual({
      target_ids: ["tx_\uFFFD1"],
      details: { previousUrl: "https://hooks.example/a\uFFFD", url: "https://b.example" },
    });
    expect((await verifyChain(database.db, { keys })).firstBreak).toBeNull();
  });

  it("refuses UPDATE, DELETE and TRUNCATE, even from a superuser", async () => {
    await fresh();
    await createAuditLog(database.db, { key: KEY }).append(entry(1));
    await expect(sql`update audit_log set result = 'refused'`.execute(database.db)).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(sql`delete from audit_log`.execute(database.db)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await database.db.selectFrom("audit_log").select("result").execute()).toEqual([{ result: "answered" }]);
  });

  it("lists every tampered entry, not only the first, when someone who owns the database edits rows", async () => {
    await fresh();
    const log = createAuditLog(database.db, { key: KEY });
    const written = [];
    for (let n = 1; n <= 6; n += 1) written.push(await log.append(entry(n)));
    const [second, fifth] = [written[1]!.id, written[4]!.id];
    await asOwner(sql`update audit_log set details = '{"rail":"ngn-payout","amount":"10.00"}' where id in (${second}, ${fifth})`);
    expect(await verifyChain(database.db, { keys })).toEqual({
      entries: 6,
      anchors: 0,
      breaks: [
        { id: second, reason: "its content does not match its hash" },
        { id: fifth, reason: "its content does not match its hash" },
      ],
      firstBreak: { id: second, reason: "its content does not match its hash" },
    });
  });

  // Issue 53: with plain SHA-256, whoever could write the table re-attributed a payout and recomputed
  // every hash after it, and verify said "intact". Without AUDIT_KEY the recomputed chain fails.
  it("catches entries re-attributed with their hashes recomputed by someone without AUDIT_KEY, and entries deleted from the middle", async () => {
    await fresh();
    const log = createAuditLog(database.db, { key: KEY });
    for (let n = 1; n <= 8; n += 1) await log.append(entry(n));
    const rows = await database.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const { entryHash, entryMac, toContent } = await import("@/lib/server/audit/entry");
    const { auditKey } = await import("@/lib/server/audit/keys");
    const forgedKey = auditKey("a-key-the-forger-made-up-0123456789abcdef");
    // Entries 3 and 4 (a payout's intent and outcome) now name another user: recomputed as plain
    // hashes, and again under a key of the forger's own (claiming the real key's id, then its own).
    let prev = rows[1]!.hash;
    for (const row of rows.slice(2)) {
      const content = toContent(
        { ...entry(Number(row.id)), actor: { kind: "staff", id: "support@demo.test", email: "support@demo.test", role: "support" } },
        row.at,
      );
      const hash = row.id === "3" ? entryHash(prev, content) : entryMac(forgedKey, prev, content);
      const keyId = row.id === "3" ? null : row.id === "4" ? row.key_id : forgedKey.id;
      await asOwner(
        sql`update audit_log set actor_id = ${content.actorId}, actor_email = ${content.actorEmail}, actor_role = ${content.actorRole},
          prev_hash = ${prev}, hash = ${hash}, key_id = ${keyId} where id = ${row.id}`,
      );
      prev = hash;
    }
    const { breaks } = await verifyChain(database.db, { keys });
    expect(breaks[0]).toEqual({ id: "3", reason: "a plain-hash entry after the switch to keyed entries" });
    expect(breaks[1]).toEqual({ id: "4", reason: "its content does not match its hash" });
    expect(breaks.slice(2)).toEqual(
      ["5", "6", "7", "8"].map((id) => ({ id, reason: `signed with a key verify was not given (key id ${forgedKey.id})` })),
    );

    // Another payout's two entries deleted from the middle: the next entry no longer links.
    await fresh();
    for (let n = 1; n <= 6; n += 1) await log.append(entry(n));
    await asOwner(sql`delete from audit_log where id in (3, 4)`);
    expect((await verifyChain(database.db, { keys })).breaks).toEqual([{ id: "5", reason: "does not link to the entry before it" }]);
  });

  // Issue 53's "reordered": two entries swapped whole (content, hashes and key ids moved with them),
  // so each still matches its own MAC, but neither links to the entry now before it.
  it("catches two entries swapped in order, each kept whole with its own MAC", async () => {
    await fresh();
    const log = createAuditLog(database.db, { key: KEY });
    for (let n = 1; n <= 5; n += 1) await log.append(entry(n));
    const { rows: columns } = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_name = 'audit_log' and column_name <> 'id'`.execute(database.db);
    const list = sql.join(columns.map(({ name }) => sql.ref(name)));
    await sql`create table audit_moved as select * from audit_log where id in (2, 3)`.execute(database.db);
    await asOwner(sql`delete from audit_log where id in (2, 3)`);
    await sql`insert into audit_log (id, ${list}) overriding system value
      select case id when 2 then 3 else 2 end, ${list} from audit_moved`.execute(database.db);
    await sql`drop table audit_moved`.execute(database.db);
    const rows = await database.db.selectFrom("audit_log").select(["id", "target_ids"]).orderBy("id").execute();
    expect(rows.map((row) => row.target_ids[0])).toEqual(["tx_1", "tx_3", "tx_2", "tx_4", "tx_5"]);
    expect((await verifyChain(database.db, { keys })).breaks).toEqual([
      { id: "2", reason: "does not link to the entry before it" },
      { id: "3", reason: "does not link to the entry before it" },
      { id: "4", reason: "does not link to the entry before it" },
    ]);
  });

  it("anchors at most once a second per instance after a commit, the head at the second's end, and at shutdown", async () => {
    await fresh();
    const anchors: Anchor[] = [];
    const log = createAuditLog(database.db, { key: KEY, onAnchor: (anchor) => anchors.push(anchor) });
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    onTestFinished(() => void vi.useRealTimers());
    for (let n = 1; n <= 5; n += 1) await log.append(entry(n));
    // The first commit is anchored at once; the four in the same second wait for its end.
    expect(anchors.map((anchor) => anchor.id)).toEqual(["1"]);
    vi.advanceTimersByTime(ANCHOR_EVERY_MS);
    await vi.waitFor(() => expect(anchors.map((anchor) => anchor.id)).toEqual(["1", "5"]));
    await log.append(entry(6));
    expect(anchors).toHaveLength(2);
    // Shutdown signs the head now, and the anchor that was waiting is not written after it.
    await log.anchor();
    vi.advanceTimersByTime(2 * ANCHOR_EVERY_MS);
    expect(anchors.map((anchor) => anchor.id)).toEqual(["1", "5", "6"]);
    vi.useRealTimers();

    const lines = anchors.map((anchor) => JSON.stringify({ message: "audit anchor", ...anchor }));
    const parsed = anchorsFromLog(["not json", ...lines, '{"message":"something else"}'].join("\n"));
    expect(await verifyChain(database.db, { anchors: parsed, keys })).toEqual(intact(6, 3));
    expect((await verifyChain(database.db, { anchors: parsed, keys: ["another key, long enough to be one 0123"] })).breaks).toContainEqual({
      id: "1",
      reason: "an anchor not signed by AUDIT_KEY",
    });
    // The tail: the newest entries deleted leave a chain that links, but the last anchor covers them.
    await asOwner(sql`delete from audit_log where id >= 5`);
    expect((await verifyChain(database.db, { keys })).breaks).toEqual([]);
    expect((await verifyChain(database.db, { anchors: parsed, keys })).breaks).toEqual([
      { id: "5", reason: "the anchored entry is missing" },
      { id: "6", reason: "the anchored entry is missing" },
    ]);
  });

  it("catches the oldest entries deleted with a chain start forged to match: an anchor's signed time says they were too young to prune", async () => {
    await fresh();
    const day = 24 * 60 * 60 * 1000;
    let clock = Date.now() - 500 * day;
    const log = createAuditLog(database.db, { key: KEY, now: () => new Date(clock) });
    // An anchored stretch old enough to prune, then one only a day old.
    for (let n = 1; n <= 10; n += 1) await log.append(entry(n));
    const anchors = [(await log.anchor())!];
    clock = Date.now() - day;
    for (let n = 11; n <= 20; n += 1) await log.append(entry(n));
    anchors.push((await log.anchor())!);
    for (let n = 21; n <= 25; n += 1) await log.append(entry(n));
    expect(anchors.map((anchor) => anchor.id)).toEqual(["10", "20"]);
    expect(anchors.every((anchor) => anchor.at !== undefined)).toBe(true);

    // The retention prune takes the old stretch; its anchor is accepted as pruned.
    await sql`select audit_prune(400)`.execute(database.db);
    expect(await verifyChain(database.db, { anchors, keys })).toMatchObject({ anchors: 2, firstBreak: null });

    // Whoever owns the database deletes the recent entries up to the one after the second anchor,
    // and writes the chain start those that remain link to: the chain alone verifies.
    const cut = 21;
    const last = await database.db.selectFrom("audit_log").select("hash").where("id", "=", String(cut)).executeTakeFirstOrThrow();
    await asOwner(sql`delete from audit_log where id <= ${cut}`);
    await sql`update audit_chain_base set after_id = ${cut}, prev_hash = ${last.hash}`.execute(database.db);
    expect((await verifyChain(database.db, { keys })).firstBreak).toBeNull();
    expect((await verifyChain(database.db, { anchors, keys })).firstBreak).toEqual({
      id: "20",
      reason: "the anchored entry is missing, and it was younger than the trail's 400 days",
    });
    // Its time is signed: moved back, the anchor is no longer AUDIT_KEY's.
    const aged = anchors.map((anchor) => ({ ...anchor, at: new Date(Date.now() - 500 * day).toISOString() }));
    expect((await verifyChain(database.db, { anchors: aged, keys })).firstBreak?.reason).toBe("an anchor not signed by AUDIT_KEY");
  });

  it("verifies in one snapshot: a prune committed while it reads does not make a sound chain read as broken", async () => {
    await oldThenRecent();
    // The retention prune commits, on another connection, right after verify has read the chain's start.
    let pruned = false;
    const pruneAfterFirstRead: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (!pruned) {
          pruned = true;
          await sql`select audit_prune(400)`.execute(database.db);
        }
        return result;
      },
    };
    expect(await verifyChain(database.db.withPlugin(pruneAfterFirstRead), { keys })).toEqual(intact(7));
    expect(pruned).toBe(true);
    expect(await verifyChain(database.db, { keys })).toEqual(intact(3));
  });

  it("serializes 1,000 appends from two instances into one unbroken chain", async () => {
    await fresh();
    const other = createDatabase(database.url, { max: 4 });
    onTestFinished(() => other.destroy());
    const a = createAuditLog(database.db, { key: KEY });
    const b = createAuditLog(other, { key: KEY });
    // Waves of 10 at once, 5 from each instance: enough to race for the head every time,
    // few enough that no append waits longer than a pool's connection timeout on a busy machine.
    for (let wave = 0; wave < 100; wave += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).append(entry(wave * 10 + i))));
    }
    const forks = await sql<{ n: string }>`select count(*) - count(distinct prev_hash) as n from audit_log`.execute(database.db);
    expect(forks.rows[0]?.n).toBe("0");
    expect(await verifyChain(database.db, { keys })).toEqual(intact(1000));
  });

  it("the retention prune keeps 400 days at the least, and the chain verifies after it", async () => {
    const day = 24 * 60 * 60 * 1000;
    const { log, setClock } = await oldThenRecent();
    // An instance whose clock is years behind appends after them: its entry reads as old, but the
    // recent entries before it must not go with it.
    setClock(Date.now() - 500 * day);
    await log.append(entry(8));

    await expect(sql`select audit_prune(30)`.execute(database.db)).rejects.toThrow(/400 days at the least/);
    const pruned = await sql<{ audit_prune: string }>`select audit_prune(400)`.execute(database.db);
    expect(pruned.rows[0]?.audit_prune).toBe("4");
    expect(await verifyChain(database.db, { keys })).toEqual(intact(4));
    // By default an entry takes the database's time, whatever the instance's clock says.
    const dbNow = new Date((await sql<{ now: Date }>`select now() as now`.execute(database.db)).rows[0]!.now).getTime();
    vi.useFakeTimers({ now: dbNow - 500 * day, toFake: ["Date"] });
    try {
      await createAuditLog(database.db, { key: KEY }).append(entry(9));
    } finally {
      vi.useRealTimers();
    }
    const newest = await database.db.selectFrom("audit_log").select("at").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(new Date(newest.at).getTime()).toBeGreaterThanOrEqual(dbNow);
    expect(await verifyChain(database.db, { keys })).toEqual(intact(5));
  });
});

describe("what an entry never holds", () => {
  it("withholds passwords, secrets, BVNs and dates of birth, and masks account numbers", () => {
    expect(
      redactDetails({
        password: "hunter2",
        apiSecret: "s",
        bvn: "12345678901",
        dateOfBirth: "1990-01-01",
        accountNumber: "0123456789",
        rail: "ngn-va",
      }),
    ).toEqual({
      password: "[withheld]",
      apiSecret: "[withheld]",
      bvn: "[withheld]",
      dateOfBirth: "[withheld]",
      accountNumber: "******6789",
      rail: "ngn-va",
    });
  });

  it("stores an HMAC of an unknown email as typed, never the text", () => {
    const typed = "MyPassword!23";
    const mac = typedEmailHmac(typed, KEY);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    expect(mac).not.toContain(typed.toLowerCase());
    expect(typedEmailHmac(" mypassword!23 ", KEY)).toBe(mac);
    expect(typedEmailHmac(typed, "another key")).not.toBe(mac);
  });
});
