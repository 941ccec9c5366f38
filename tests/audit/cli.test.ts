// `npm run users` records each staff change; `npm run audit -- verify` names the first
// tampered entry and checks anchors from the log; `prune` keeps 400 days at the least.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { createAuditLog } from "@/lib/server/audit/log";
import { setupTestDatabase } from "../support/db";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const database = setupTestDatabase();
const KEY = "audit-key-for-the-cli-test-0123456789abcdef";

async function cli(script: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, ["--conditions=react-server", script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, DASHBOARD_PASSWORD: "a-long-password-123", AUDIT_KEY: KEY, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each test starts the CLIs as processes (tsx, 1.5-4 s each on 2 busy cores), up to 7 in one test:
// the bound is per test, so it is sized for the process count, not the default 20 s.
describe("the audit CLI and the staff CLI's entries", { timeout: 60_000 }, () => {
  it("records a staff change made with the users CLI, never the password, and verify passes", async () => {
    expect((await cli("scripts/users.ts", ["add", "Cli.Change@demo.test", "support", "Cli Change"])).code).toBe(0);
    expect((await cli("scripts/users.ts", ["set-role", "cli.change@demo.test", "viewer"])).code).toBe(0);
    const rows = await database.db.selectFrom("audit_log").selectAll().where("action", "like", "staff.%").orderBy("id").execute();
    expect(rows.map((row) => [row.action, row.actor_kind, row.target_ids, row.details])).toEqual([
      ["staff.add", "cli", ["cli.change@demo.test"], { role: "support" }],
      ["staff.set-role", "cli", ["cli.change@demo.test"], { role: "viewer", from: "support" }],
    ]);
    expect(JSON.stringify(rows)).not.toContain("a-long-password-123");
    const verified = await cli("scripts/audit.ts", ["verify"]);
    expect(verified).toMatchObject({ code: 0, stdout: expect.stringContaining("intact. 2 entries, 0 anchors checked") });
  });

  // Issue 53: the CLI appended without the key, so its entries were the forgeable kind.
  it("refuses a staff change without AUDIT_KEY, and chains its entry with the key it has", async () => {
    const refused = await cli("scripts/users.ts", ["add", "cli.nokey@demo.test", "support"], { AUDIT_KEY: "" });
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("AUDIT_KEY must be set") });
    expect(await database.db.selectFrom("staff_users").select("email").where("email", "=", "cli.nokey@demo.test").execute()).toEqual([]);
    expect((await cli("scripts/users.ts", ["list"], { AUDIT_KEY: "" })).code).toBe(0);
    expect(await cli("scripts/audit.ts", ["verify"], { AUDIT_KEY: "another-key-0123456789abcdef-0123456789" })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("signed with a key verify was not given"),
    });
  });

  // A staff change with no entry is a privilege change nobody can see: the two commit together.
  it("changes nothing when the staff change's audit entry cannot be written, and says so", async () => {
    expect((await cli("scripts/users.ts", ["add", "cli.rollback@demo.test", "support"])).code).toBe(0);
    await sql`create function refuse_role_entries() returns trigger language plpgsql as $$
      begin
        if new.action = 'staff.set-role' then raise exception 'audit_log is refusing entries'; end if;
        return new;
      end $$`.execute(database.db);
    await sql`create trigger refuse_role_entries before insert on audit_log for each row execute function refuse_role_entries()`.execute(
      database.db,
    );
    onTestFinished(async () => {
      await sql`drop trigger refuse_role_entries on audit_log`.execute(database.db);
      await sql`drop function refuse_role_entries()`.execute(database.db);
    });
    const refused = await cli("scripts/users.ts", ["set-role", "cli.rollback@demo.test", "admin"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Nothing was changed: the audit entry could not be written");
    expect(refused.stdout).not.toContain("Role changed");
    const user = await database.db
      .selectFrom("staff_users")
      .select("role")
      .where("email", "=", "cli.rollback@demo.test")
      .executeTakeFirst();
    expect(user?.role).toBe("support");
  });

  it("verify checks the log's anchors, and exits 1 naming the entry a direct SQL edit changed", async () => {
    const log = createAuditLog(database.db, { key: KEY });
    for (let n = 0; n < 3; n += 1) await log.append({ actor: { kind: "job", id: "test" }, action: "test.entry", result: "ok" });
    const anchor = await log.anchor();
    const folder = await mkdtemp(path.join(tmpdir(), "audit-cli-"));
    onTestFinished(() => rm(folder, { recursive: true, force: true }));
    const logFile = path.join(folder, "console.log");
    await writeFile(logFile, `${JSON.stringify({ level: "record", message: "audit anchor", ...anchor })}\n{"message":"other"}\n`);
    expect(await cli("scripts/audit.ts", ["verify", "--anchors", logFile])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("1 anchors checked"),
    });
    expect((await cli("scripts/audit.ts", ["verify", "--anchors", logFile], { AUDIT_KEY: "not-the-key-0123456789abcdef-0123" })).code).toBe(
      1,
    );

    const target = anchor!.id;
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(database.db);
    await sql`update audit_log set result = 'refused' where id = ${target}`.execute(database.db);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(database.db);
    const broken = await cli("scripts/audit.ts", ["verify"]);
    expect(broken).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        new RegExp(`BROKEN in 1 places \\(\\d+ entries walked\\):\n  entry ${target}: its content does not match its hash`),
      ),
    });
  });

  it("prune refuses to keep fewer than 400 days, and a malformed option", async () => {
    // The refusals change nothing, so they run side by side.
    const malformed = [["--older-than-days"], ["--older-than-days", "4e2"], ["--older-than", "400"]];
    const [refused, keepDays, ...refusals] = await Promise.all(
      [["--older-than-days", "30"], ["--keep-days", "30"], ...malformed].map((args) => cli("scripts/audit.ts", ["prune", ...args])),
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("400 days at the least") });
    expect(keepDays).toMatchObject({ code: 1 });
    refusals.forEach((answer, index) =>
      expect(answer, malformed[index]!.join(" ")).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/needs a value|whole number of days|Unknown option/),
      }),
    );
    expect(await cli("scripts/audit.ts", ["prune", "--older-than-days", "400"])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("0 entries older than 400 days pruned"),
    });
    expect(await cli("scripts/audit.ts", ["prune"])).toMatchObject({ code: 0 });
  });

  it("prune deletes the writes' summaries past the same age as the trail's entries, and keeps the rest", async () => {
    for (const [reference, days] of [
      ["OLD-SUMMARY", 401],
      ["NEW-SUMMARY", 10],
    ] as const) {
      await database.db
        .insertInto("money_writes")
        .values({
          environment: "live",
          rail: "ngn-payout",
          reference,
          idempotency_key: `k-${reference}`,
          fingerprint: "f",
          actor_id: "a",
          actor_email: "a@demo.test",
          actor_role: "finance",
          created_at: sql<Date>`now() - make_interval(days => ${days})`,
          updated_at: sql<Date>`now()`,
          state: "answered",
          transaction_id: `tx_${reference}`,
        })
        .execute();
      await database.db
        .insertInto("money_write_summaries")
        .values({
          environment: "live",
          rail: "ngn-payout",
          reference,
          created_at: sql<Date>`now() - make_interval(days => ${days})`,
          amount: "1500",
        })
        .execute();
    }
    expect(await cli("scripts/audit.ts", ["prune"])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("Write summaries at"),
    });
    const left = await database.db.selectFrom("money_write_summaries").select("reference").execute();
    expect(left.map((row) => row.reference)).toEqual(["NEW-SUMMARY"]);
    // The ledger's rows stay: only the summary ages out.
    expect(await database.db.selectFrom("money_writes").select("reference").where("reference", "=", "OLD-SUMMARY").execute()).toHaveLength(
      1,
    );
  }, 60_000);
});
