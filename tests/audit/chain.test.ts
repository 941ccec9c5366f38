// The audit trail's chain: linked hashes, refused changes, a tamper found at its entry,
// anchors signed outside the database, serialized appends from two instances, and a
// retention prune the chain survives.
import { type KyselyPlugin, sql } from "kysely";
import { describe, expect, it, vi, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { ANCHOR_EVERY, createAuditLog } from "@/lib/server/audit/log";
import { redactDetails, typedEmailHmac } from "@/lib/server/audit/redact";
import { anchorsFromLog, verifyChain } from "@/lib/server/audit/verify";
import type { AuditInput } from "@/lib/server/audit/entry";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();
const KEY = "audit-key-for-tests-0123456789abcdef";

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

async function fresh() {
  await sql`alter table audit_log disable trigger audit_log_no_truncate`.execute(database.db);
  await sql`truncate audit_log restart identity`.execute(database.db);
  await sql`alter table audit_log enable trigger audit_log_no_truncate`.execute(database.db);
  await sql`delete from app_meta where key = 'audit_chain_base'`.execute(database.db);
}

/** A fresh trail: four entries 500 days old, then three of today, by a log whose clock the test can move. */
async function oldThenRecent() {
  await fresh();
  let clock = Date.now() - 500 * 24 * 60 * 60 * 1000;
  const log = createAuditLog(database.db, { now: () => new Date(clock) });
  for (let n = 1; n <= 4; n += 1) await log.append(entry(n));
  clock = Date.now();
  for (let n = 5; n <= 7; n += 1) await log.append(entry(n));
  return { log, setClock: (ms: number) => void (clock = ms) };
}

describe("the audit chain", () => {
  it("links each entry to the one before, and verify walks it", async () => {
    await fresh();
    const log = createAuditLog(database.db);
    for (let n = 1; n <= 5; n += 1) await log.append(entry(n));
    const rows = await database.db.selectFrom("audit_log").select(["id", "prev_hash", "hash"]).orderBy("id").execute();
    expect(rows[0]?.prev_hash).toBe("0".repeat(64));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    expect(await verifyChain(database.db)).toEqual({ entries: 5, anchors: 0, firstBreak: null });
  });

  // Postgres refuses a NUL in text and jsonb: one in a value the API gave must not stop the entry.
  it("writes an entry whose values hold a NUL, with U+FFFD in its place, and the chain verifies", async () => {
    await fresh();
    const log = createAuditLog(database.db);
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
    expect((await verifyChain(database.db)).firstBreak).toBeNull();
  });

  it("refuses UPDATE, DELETE and TRUNCATE, even from a superuser", async () => {
    await fresh();
    await createAuditLog(database.db).append(entry(1));
    await expect(sql`update audit_log set result = 'refused'`.execute(database.db)).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(sql`delete from audit_log`.execute(database.db)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await database.db.selectFrom("audit_log").select("result").execute()).toEqual([{ result: "answered" }]);
  });

  it("names the first tampered entry when someone who owns the database edits a row", async () => {
    await fresh();
    const log = createAuditLog(database.db);
    const written = [];
    for (let n = 1; n <= 6; n += 1) written.push(await log.append(entry(n)));
    const target = written[3]!.id;
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(database.db);
    await sql`update audit_log set details = '{"rail":"ngn-payout","amount":"10.00"}' where id = ${target}`.execute(database.db);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(database.db);
    expect(await verifyChain(database.db)).toEqual({
      entries: 3,
      anchors: 0,
      firstBreak: { id: target, reason: "its content does not match its hash" },
    });
  });

  it("anchors the head every ANCHOR_EVERY appends with AUDIT_KEY; verify checks them and catches a rewritten chain", async () => {
    await fresh();
    const lines: string[] = [];
    const log = createAuditLog(database.db, {
      anchorKey: KEY,
      onAnchor: (anchor) => lines.push(JSON.stringify({ message: "audit anchor", ...anchor })),
    });
    for (let n = 1; n <= ANCHOR_EVERY + 3; n += 1) await log.append(entry(n));
    expect(lines).toHaveLength(1);
    await log.anchor(); // as on shutdown
    const anchors = anchorsFromLog(["not json", ...lines, '{"message":"something else"}'].join("\n"));
    expect(anchors.map((anchor) => anchor.id)).toEqual([String(ANCHOR_EVERY), String(ANCHOR_EVERY + 3)]);
    expect(await verifyChain(database.db, { anchors, key: KEY })).toMatchObject({ anchors: 2, firstBreak: null });
    expect((await verifyChain(database.db, { anchors, key: "another key" })).firstBreak?.reason).toBe("an anchor not signed by AUDIT_KEY");

    // Whoever owns the database rewrites entry 50 and recomputes every hash after it: the
    // chain is consistent again, but the anchors kept outside say otherwise.
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(database.db);
    await sql`delete from audit_log where id >= 50`.execute(database.db);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(database.db);
    const forger = createAuditLog(database.db);
    for (let n = 50; n <= ANCHOR_EVERY + 3; n += 1) await forger.append({ ...entry(n), result: n === 50 ? "failed" : "answered" });
    expect((await verifyChain(database.db)).firstBreak).toBeNull();
    expect((await verifyChain(database.db, { anchors, key: KEY })).firstBreak).toMatchObject({ id: String(ANCHOR_EVERY) });
  });

  it("catches the oldest entries deleted with a chain start forged to match: an anchor's signed time says they were too young to prune", async () => {
    await fresh();
    const lines: string[] = [];
    const day = 24 * 60 * 60 * 1000;
    let clock = Date.now() - 500 * day;
    const log = createAuditLog(database.db, {
      anchorKey: KEY,
      now: () => new Date(clock),
      onAnchor: (anchor) => lines.push(JSON.stringify({ message: "audit anchor", ...anchor })),
    });
    // An anchored stretch old enough to prune, then one only a day old.
    for (let n = 1; n <= ANCHOR_EVERY; n += 1) await log.append(entry(n));
    clock = Date.now() - day;
    for (let n = ANCHOR_EVERY + 1; n <= 2 * ANCHOR_EVERY + 5; n += 1) await log.append(entry(n));
    const anchors = anchorsFromLog(lines.join("\n"));
    expect(anchors.map((anchor) => anchor.id)).toEqual([String(ANCHOR_EVERY), String(2 * ANCHOR_EVERY)]);
    expect(anchors.every((anchor) => anchor.at !== undefined)).toBe(true);

    // The retention prune takes the old stretch; its anchor is accepted as pruned.
    await sql`select audit_prune(400)`.execute(database.db);
    expect(await verifyChain(database.db, { anchors, key: KEY })).toMatchObject({ anchors: 2, firstBreak: null });

    // Whoever owns the database deletes the recent entries up to the one after the second anchor,
    // and writes the chain start those that remain link to: the chain alone verifies.
    const cut = 2 * ANCHOR_EVERY + 1;
    const last = await database.db.selectFrom("audit_log").select("hash").where("id", "=", String(cut)).executeTakeFirstOrThrow();
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(database.db);
    await sql`delete from audit_log where id <= ${cut}`.execute(database.db);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(database.db);
    await sql`update app_meta set value = ${JSON.stringify({ afterId: cut, prevHash: last.hash })}::jsonb where key = 'audit_chain_base'`.execute(
      database.db,
    );
    expect((await verifyChain(database.db)).firstBreak).toBeNull();
    expect((await verifyChain(database.db, { anchors, key: KEY })).firstBreak).toEqual({
      id: String(2 * ANCHOR_EVERY),
      reason: "the anchored entry is missing, and it was younger than the trail's 400 days",
    });
    // Its time is signed: moved back, the anchor is no longer AUDIT_KEY's.
    const aged = anchors.map((anchor) => ({ ...anchor, at: new Date(Date.now() - 500 * day).toISOString() }));
    expect((await verifyChain(database.db, { anchors: aged, key: KEY })).firstBreak?.reason).toBe("an anchor not signed by AUDIT_KEY");
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
    expect(await verifyChain(database.db.withPlugin(pruneAfterFirstRead))).toEqual({ entries: 7, anchors: 0, firstBreak: null });
    expect(pruned).toBe(true);
    expect(await verifyChain(database.db)).toEqual({ entries: 3, anchors: 0, firstBreak: null });
  });

  it("serializes 1,000 appends from two instances into one unbroken chain", async () => {
    await fresh();
    const other = createDatabase(database.url, { max: 4 });
    onTestFinished(() => other.destroy());
    const a = createAuditLog(database.db);
    const b = createAuditLog(other);
    // Waves of 10 at once, 5 from each instance: enough to race for the head every time,
    // few enough that no append waits longer than a pool's connection timeout on a busy machine.
    for (let wave = 0; wave < 100; wave += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).append(entry(wave * 10 + i))));
    }
    const forks = await sql<{ n: string }>`select count(*) - count(distinct prev_hash) as n from audit_log`.execute(database.db);
    expect(forks.rows[0]?.n).toBe("0");
    expect(await verifyChain(database.db)).toEqual({ entries: 1000, anchors: 0, firstBreak: null });
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
    expect(await verifyChain(database.db)).toEqual({ entries: 4, anchors: 0, firstBreak: null });
    // By default an entry takes the database's time, whatever the instance's clock says.
    const dbNow = new Date((await sql<{ now: Date }>`select now() as now`.execute(database.db)).rows[0]!.now).getTime();
    vi.useFakeTimers({ now: dbNow - 500 * day, toFake: ["Date"] });
    try {
      await createAuditLog(database.db).append(entry(9));
    } finally {
      vi.useRealTimers();
    }
    const newest = await database.db.selectFrom("audit_log").select("at").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(new Date(newest.at).getTime()).toBeGreaterThanOrEqual(dbNow);
    expect(await verifyChain(database.db)).toEqual({ entries: 5, anchors: 0, firstBreak: null });
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
