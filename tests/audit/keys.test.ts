// AUDIT_KEY's life: entries from before keys (plain SHA-256) still verify up to a switch point the
// key signs, and a rotated key's entries verify with the retired key.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { entryHash, GENESIS_HASH, toContent, type AuditInput } from "@/lib/server/audit/entry";
import { auditKey } from "@/lib/server/audit/keys";
import { auditRow, createAuditLog } from "@/lib/server/audit/log";
import { verifyChain } from "@/lib/server/audit/verify";
import { emptyAuditTrail } from "../support/audit-trail";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();
const OLD_KEY = "audit-key-before-rotation-0123456789abcdef";
const NEW_KEY = "audit-key-after-rotation-0123456789abcdef";

const entry = (n: number): AuditInput => ({
  actor: { kind: "job", id: "test" },
  action: "test.entry",
  targetIds: [`tx_${n}`],
  result: "ok",
});

const fresh = () => emptyAuditTrail(database.db);

/** Three entries as the console wrote them before migration 0018: plain hashes, no key id. */
async function plainEntries(): Promise<void> {
  let prev = GENESIS_HASH;
  for (let n = 1; n <= 3; n += 1) {
    const content = toContent(entry(n), new Date());
    const hash = entryHash(prev, content);
    await database.db
      .insertInto("audit_log")
      .values(auditRow(content, prev, hash, null))
      .execute();
    prev = hash;
  }
}

describe("AUDIT_KEY over the trail's life", () => {
  it("verifies the plain-hash entries from before keys, up to the switch point the first keyed append signs", async () => {
    await fresh();
    await plainEntries();
    const log = createAuditLog(database.db, { key: OLD_KEY });
    for (let n = 4; n <= 6; n += 1) await log.append(entry(n));
    expect(await database.db.selectFrom("audit_keyed_from").select(["after_id", "key_id"]).execute()).toEqual([
      { after_id: "3", key_id: auditKey(OLD_KEY).id },
    ]);
    expect((await verifyChain(database.db, { keys: [OLD_KEY] })).breaks).toEqual([]);

    // Whoever owns the database moves the switch point on, so that a plain entry passes after it.
    await sql`update audit_keyed_from set after_id = 4`.execute(database.db);
    expect((await verifyChain(database.db, { keys: [OLD_KEY] })).breaks).toEqual([
      { id: "4", reason: "a keyed entry before the signed switch to keyed entries" },
      { id: "4", reason: "the switch to keyed entries is not signed by a known AUDIT_KEY (moved or forged)" },
    ]);
    // Or deletes it, so the whole trail would read as plain hashes.
    await sql`delete from audit_keyed_from`.execute(database.db);
    expect((await verifyChain(database.db, { keys: [OLD_KEY] })).breaks.map((found) => found.id)).toEqual(["4", "5", "6"]);
  });

  it("keeps a rotated key's entries verifiable with the retired key, and names the key it was not given", async () => {
    await fresh();
    const before = createAuditLog(database.db, { key: OLD_KEY });
    for (let n = 1; n <= 3; n += 1) await before.append(entry(n));
    const after = createAuditLog(database.db, { key: NEW_KEY });
    for (let n = 4; n <= 5; n += 1) await after.append(entry(n));
    expect((await verifyChain(database.db, { keys: [NEW_KEY, OLD_KEY] })).breaks).toEqual([]);
    const { breaks } = await verifyChain(database.db, { keys: [NEW_KEY] });
    expect(breaks).toContainEqual({ id: "1", reason: `signed with a key verify was not given (key id ${auditKey(OLD_KEY).id})` });
    // The switch point too was signed with the old key.
    expect(breaks.map((found) => found.id)).toEqual(["0", "1", "2", "3"]);
  });
});
