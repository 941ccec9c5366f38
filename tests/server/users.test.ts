import { execFile } from "node:child_process";
import { openTotpSecret } from "@/lib/server/second-factor/seal";
import { totpCode, totpKeyFromText, totpStep } from "@/lib/server/second-factor/totp";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { describeDatabaseUrl } from "@/lib/server/db/url";
import { migrateToLatest, migrationState } from "@/lib/server/db/migrate";
import { MIGRATIONS } from "@/lib/server/db/migrations";
import { prepareDatabase } from "@/lib/server/db/prepare";
import type { Database } from "@/lib/server/db/schema";
import { describeUsersImport, importUsersFileOnce, USERS_IMPORT_KEY } from "@/lib/server/db/users-import";
import { DEMO_USERS, enrolDemoUsers, seedDemoUsers } from "@/lib/server/demo-users";
import { hashPassword, verifyPassword } from "@/lib/server/password";
import { addUser, findUser, listUsers, removeUser, setPassword, setRole, signOutEverywhere, UserStoreError } from "@/lib/server/users";
import { createTestDatabase, setupTestDatabase } from "../support/db";
import { freePort } from "../support/db-network";

const database = setupTestDatabase();
const run = promisify(execFile);

/** A database of its own for one test (the import is once per database). */
async function freshDatabase(options: { empty?: boolean } = {}) {
  const fresh = await createTestDatabase(options);
  onTestFinished(() => fresh.drop());
  return fresh;
}

async function usersFile(users: unknown[]): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), "console-users-file-")), "users.json");
  await writeFile(file, JSON.stringify({ users }));
  return file;
}

async function importRecord(db: typeof database.db) {
  return db.selectFrom("app_meta").select("value").where("key", "=", USERS_IMPORT_KEY).executeTakeFirst();
}

describe("staff users in the database", () => {
  it("stores a salted scrypt hash, never the password", async () => {
    await addUser(database.db, { email: "Ann@Example.test", name: "Ann", role: "finance", password: "correct horse battery" });
    await addUser(database.db, { email: "bob@example.test", name: "Bob", role: "viewer", password: "correct horse battery" });
    const { rows } = await sql<{ row: string }>`select row_to_json(staff_users)::text as row from staff_users`.execute(database.db);
    expect(rows.map((r) => r.row).join("\n")).not.toContain("correct horse");

    const users = await listUsers(database.db);
    expect(users.map((u) => u.email)).toEqual(["ann@example.test", "bob@example.test"]);
    const [ann, bob] = users;
    expect(ann).toMatchObject({ name: "Ann", role: "finance", sessionVersion: 1 });
    expect(ann?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(ann?.passwordHash).not.toBe(bob?.passwordHash); // per-user salt
    expect(await verifyPassword("correct horse battery", ann!.passwordHash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", ann!.passwordHash)).toBe(false);
    const row = await database.db
      .selectFrom("staff_users")
      .select(["created_at", "updated_at"])
      .where("email", "=", "ann@example.test")
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row.updated_at).toEqual(row.created_at);
  });

  it("refuses short and over-long passwords, non-addresses and duplicates, whatever their case", async () => {
    await expect(addUser(database.db, { email: "a@x.test", name: "A", role: "admin", password: "eleven char" })).rejects.toThrow(
      /12 characters/,
    );
    await expect(addUser(database.db, { email: "not an address", name: "A", role: "admin", password: "twelve chars" })).rejects.toThrow(
      /not an email address/,
    );
    // One sign-in could never match: it reads at most 1,024 characters.
    await expect(addUser(database.db, { email: "a@x.test", name: "A", role: "admin", password: "p".repeat(1025) })).rejects.toThrow(
      /at most 1024 characters/,
    );
    await addUser(database.db, { email: "a@x.test", name: "A", role: "admin", password: "twelve chars" });
    await expect(setPassword(database.db, "a@x.test", "p".repeat(1025))).rejects.toThrow(/at most 1024 characters/);
    // 1,024 is what sign-in reads, and is taken.
    const longest = "Harbour-lantern-47-quietly ".repeat(40).slice(0, 1024);
    await setPassword(database.db, "a@x.test", longest);
    expect(await verifyPassword(longest, (await findUser(database.db, "a@x.test"))!.passwordHash)).toBe(true);
    await expect(addUser(database.db, { email: " A@X.test ", name: "A", role: "admin", password: "twelve chars" })).rejects.toThrow(
      "a@x.test already exists",
    );
  });

  it("refuses a common password or one built from the email or name, on add and on passwd, in plain words", async () => {
    await expect(addUser(database.db, { email: "weak@x.test", name: "Weak", role: "viewer", password: "123456789012" })).rejects.toThrow(
      /too easy to guess/,
    );
    await expect(
      addUser(database.db, { email: "alice@example.com", name: "Alice Example", role: "viewer", password: "aliceexample2024" }),
    ).rejects.toThrow(/email or name/);
    expect(await findUser(database.db, "weak@x.test")).toBeUndefined();
    await addUser(database.db, { email: "strong@x.test", name: "Strong", role: "viewer", password: "twelve chars" });
    const before = (await findUser(database.db, "strong@x.test"))!;
    await expect(setPassword(database.db, "strong@x.test", "password1234")).rejects.toThrow(/too easy to guess/);
    // Nothing changed: the old password and sessions stand.
    expect(await findUser(database.db, "strong@x.test")).toEqual(before);
  });

  it("keeps emails unique and lower-case in the table itself, whoever writes the row", async () => {
    const insert = (email: string, role = "viewer") =>
      sql`insert into staff_users (email, name, role, password_hash) values (${email}, 'Raw', ${role}, 'scrypt$x')`.execute(database.db);
    await insert("raw@x.test");
    await expect(insert("raw@x.test")).rejects.toMatchObject({ code: "23505" }); // unique
    await expect(insert("Raw@X.test")).rejects.toMatchObject({ code: "23514" }); // lower-case check
    await expect(insert("other@x.test", "owner")).rejects.toMatchObject({ code: "23514" }); // role check
    expect(await findUser(database.db, "RAW@x.TEST")).toMatchObject({ email: "raw@x.test", role: "viewer" });
  });

  it("bumps the session version on password, role and sign-out-everywhere, and touches updated_at", async () => {
    const added = await addUser(database.db, { email: "v@x.test", name: "V", role: "admin", password: "twelve chars" });
    expect((await setRole(database.db, "V@x.test", "viewer")).sessionVersion).toBe(2);
    const changed = await setPassword(database.db, "v@x.test", "another twelve");
    expect(changed.sessionVersion).toBe(3);
    expect(changed.passwordHash).not.toBe(added.passwordHash);
    expect(await verifyPassword("another twelve", changed.passwordHash)).toBe(true);
    expect((await signOutEverywhere(database.db, "v@x.test")).sessionVersion).toBe(4);
    expect(await findUser(database.db, "V@X.test")).toMatchObject({ role: "viewer", sessionVersion: 4 });
    const row = await database.db
      .selectFrom("staff_users")
      .select(["created_at", "updated_at"])
      .where("email", "=", "v@x.test")
      .executeTakeFirstOrThrow();
    expect(row.updated_at.getTime()).toBeGreaterThan(row.created_at.getTime());

    await removeUser(database.db, "v@x.test");
    expect(await findUser(database.db, "v@x.test")).toBeUndefined();
    await expect(removeUser(database.db, "v@x.test")).rejects.toThrow(/No user v@x.test/);
    await expect(setRole(database.db, "v@x.test", "admin")).rejects.toThrow(/No user/);
  });

  it("counts concurrent session bumps exactly (one statement each, no read-modify-write)", async () => {
    await addUser(database.db, { email: "c@x.test", name: "C", role: "support", password: "twelve chars" });
    await Promise.all(Array.from({ length: 10 }, () => signOutEverywhere(database.db, "c@x.test")));
    expect((await findUser(database.db, "c@x.test"))?.sessionVersion).toBe(11);
  });

  it("refuses to demote or remove the last admin, even two at once, and allows it while another remains", async () => {
    const { db } = await freshDatabase();
    await addUser(db, { email: "one@admins.test", name: "One", role: "admin", password: "twelve chars" });
    await addUser(db, { email: "two@admins.test", name: "Two", role: "admin", password: "twelve chars" });
    // Each would leave the other as the last admin: they queue, and the second is refused.
    const both = await Promise.allSettled([setRole(db, "one@admins.test", "finance"), removeUser(db, "two@admins.test")]);
    expect(both.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const [last] = (await listUsers(db)).filter((user) => user.role === "admin");
    expect(last).toBeDefined();
    await expect(setRole(db, last!.email, "viewer")).rejects.toThrow(
      new UserStoreError(`${last!.email} is the last active admin: make someone else an admin first.`),
    );
    await expect(removeUser(db, last!.email)).rejects.toThrow(/is the last active admin/);
    expect(await findUser(db, last!.email)).toMatchObject({ role: "admin" });
  });

  it("refuses a name with control characters or bidi overrides, or over 200 characters", async () => {
    const add = (name: string) =>
      addUser(database.db, { email: `name${name.length}@x.test`, name, role: "viewer", password: "twelve chars" });
    await expect(add("Eve\u0000")).rejects.toThrow("A name cannot hold control characters.");
    await expect(add("Eve\u202Enimda")).rejects.toThrow("A name cannot hold control characters.");
    await expect(add("E".repeat(201))).rejects.toThrow("A name has at most 200 characters.");
    expect(await add(" Zoë Ødegård ")).toMatchObject({ name: "Zoë Ødegård" });
  });

  it("seeds one demo user per role, idempotently, keeping other users and ending the demo users' sessions", async () => {
    const { db } = await freshDatabase();
    // An admin besides the demo one, which may then be demoted (the last admin may not be).
    await addUser(db, { email: "keep@x.test", name: "Keep", role: "admin", password: "twelve chars" });
    await seedDemoUsers(db, "demo-password-123");
    await setRole(db, "admin@demo.test", "viewer");
    await seedDemoUsers(db, "demo-password-123");
    const users = await listUsers(db);
    expect(users.map((u) => u.email).sort()).toEqual(["keep@x.test", ...DEMO_USERS.map((u) => u.email)].sort());
    expect(users.map((u) => u.role).sort()).toEqual(["admin", "admin", "admin", "approver", "finance", "support", "viewer"]);
    const admin = users.find((u) => u.email === "admin@demo.test")!;
    expect(admin).toMatchObject({ role: "admin", sessionVersion: 3 });
    expect(await verifyPassword("demo-password-123", admin.passwordHash)).toBe(true);
  });
});

describe("the one-time import of DASHBOARD_USERS_FILE", () => {
  it("imports the file's users into an empty table with their hashes and session versions, records it, and ignores the file afterwards", async () => {
    const { db } = await freshDatabase();
    const annHash = await hashPassword("ann's old password");
    const bobHash = await hashPassword("bob's old password");
    const file = await usersFile([
      { email: "ann@example.test", name: "Ann", role: "admin", passwordHash: annHash, sessionVersion: 7 },
      { email: "bob@example.test", name: "Bob", role: "support", passwordHash: bobHash, sessionVersion: 1 },
    ]);

    const first = await importUsersFileOnce(db, file);
    expect(first).toEqual({ outcome: "imported", file, users: 2 });
    expect(await listUsers(db)).toEqual([
      { email: "ann@example.test", name: "Ann", role: "admin", passwordHash: annHash, sessionVersion: 7 },
      { email: "bob@example.test", name: "Bob", role: "support", passwordHash: bobHash, sessionVersion: 1 },
    ]);
    // Nobody resets a password: the old one still verifies against the imported hash.
    expect(await verifyPassword("ann's old password", (await findUser(db, "ann@example.test"))!.passwordHash)).toBe(true);
    expect((await importRecord(db))?.value).toEqual({ file, importedAt: expect.any(String), users: 2 });

    // A later start: the file has changed (someone kept editing it), the database does not follow it.
    await removeUser(db, "bob@example.test");
    await writeFile(
      file,
      JSON.stringify({ users: [{ email: "eve@example.test", name: "Eve", role: "admin", passwordHash: annHash, sessionVersion: 1 }] }),
    );
    const lines: string[] = [];
    await prepareDatabase(db, { usersFile: file, log: (line) => lines.push(line) });
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Ignoring DASHBOARD_USERS_FILE=${file}: staff users were imported from ${file} on \\d{4}-`)),
    ]);
    expect((await listUsers(db)).map((u) => u.email)).toEqual(["ann@example.test"]);
  });

  it("does not import over accounts that already exist, and records that", async () => {
    const { db } = await freshDatabase();
    await addUser(db, { email: "first@x.test", name: "First", role: "support", password: "twelve chars" });
    const file = await usersFile([
      { email: "old@x.test", name: "Old", role: "admin", passwordHash: await hashPassword("x"), sessionVersion: 1 },
    ]);

    const skipped = await importUsersFileOnce(db, file);
    expect(skipped).toEqual({ outcome: "skipped", file, existingUsers: 1 });
    expect(describeUsersImport(skipped)).toContain("Not importing");
    // Even once the table is empty again, the file is not brought back.
    await removeUser(db, "first@x.test");
    const again = await importUsersFileOnce(db, file);
    expect(again.outcome).toBe("ignored");
    expect(describeUsersImport(again)).toMatch(/^Ignoring DASHBOARD_USERS_FILE=.*already had staff users/);
    expect(await listUsers(db)).toEqual([]);
  });

  it("records nothing for a file that does not exist, and refuses a malformed one", async () => {
    const { db } = await freshDatabase();
    const missing = join(tmpdir(), "no-such-dir-console", "users.json");
    expect(await importUsersFileOnce(db, missing)).toEqual({ outcome: "missing", file: missing });
    expect(await importRecord(db)).toBeUndefined();

    const bad = await usersFile([{ email: "x@x.test", name: "X", role: "owner", passwordHash: "scrypt$1", sessionVersion: 1 }]);
    await expect(importUsersFileOnce(db, bad)).rejects.toThrow(/malformed/);
    expect(await importRecord(db)).toBeUndefined();
    expect(await listUsers(db)).toEqual([]);
  });

  it("imports once when two instances (two pools) start together", async () => {
    const { url } = await freshDatabase();
    const file = await usersFile([
      { email: "ann@example.test", name: "Ann", role: "admin", passwordHash: await hashPassword("x"), sessionVersion: 3 },
    ]);
    const pools = [createDatabase<Database>(url, { max: 2 }), createDatabase<Database>(url, { max: 2 })];
    onTestFinished(async () => void (await Promise.all(pools.map((pool) => pool.destroy()))));
    const outcomes = await Promise.all(pools.map((pool) => importUsersFileOnce(pool, file)));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["ignored", "imported"]);
    expect((await listUsers(pools[0]!)).map((u) => u.sessionVersion)).toEqual([3]);
  });
});

describe("npm run users", () => {
  // AUDIT_KEY as an operator's environment holds it: each change's audit entry is chained with it.
  const cli = (args: string[], env: Record<string, string>) =>
    run(join(process.cwd(), "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/users.ts", ...args], {
      env: { ...process.env, AUDIT_KEY: "users-cli-audit-key-0123456789abcdef", ...env },
    });

  // Each run starts tsx afresh (about 2 s on a busy machine), hence the longer timeout.
  it("adds with DASHBOARD_PASSWORD, lists and changes roles", { timeout: 60_000 }, async () => {
    const env = { DATABASE_URL: database.url };
    await cli(["add", "cli@x.test", "support", "Cli", "User"], { ...env, DASHBOARD_PASSWORD: "scripted password" });
    await cli(["set-role", "cli@x.test", "finance"], env);
    const { stdout } = await cli(["list"], env);
    expect(stdout).toContain("cli@x.test\tfinance\tCli User\n");
    expect(await verifyPassword("scripted password", (await findUser(database.db, "cli@x.test"))!.passwordHash)).toBe(true);
    await expect(cli(["set-role", "cli@x.test", "owner"], env)).rejects.toMatchObject({
      stderr: expect.stringContaining("Role must be one of"),
    });
    // Issue 54: `123456789012` was taken. The message says why, without a stack.
    await expect(cli(["passwd", "cli@x.test"], { ...env, DASHBOARD_PASSWORD: "123456789012" })).rejects.toMatchObject({
      stderr: expect.stringMatching(/^That password is too easy to guess .*\n$/),
    });
    expect(await verifyPassword("scripted password", (await findUser(database.db, "cli@x.test"))!.passwordHash)).toBe(true);
  });

  it(
    "enrols a TOTP factor without the browser, printing its URI and ten recovery codes once, and resets it",
    { timeout: 60_000 },
    async () => {
      const env = { DATABASE_URL: database.url, MFA_ENCRYPTION_KEY: "cli-mfa-encryption-key-0123456789abcdef" };
      await cli(["add", "mfa@x.test", "finance", "Mfa"], { ...env, DASHBOARD_PASSWORD: "scripted password" });
      const added = (await findUser(database.db, "mfa@x.test"))!.sessionVersion;
      const { stdout } = await cli(["mfa-enrol", "MFA@x.test"], env);
      // A first factor ends nothing.
      expect((await findUser(database.db, "mfa@x.test"))!.sessionVersion).toBe(added);
      const uri = /otpauth:\/\/totp\/[^\s]+/.exec(stdout)?.[0];
      expect(uri).toContain("secret=");
      const key = totpKeyFromText(new URL(uri!).searchParams.get("secret")!);
      const row = await database.db.selectFrom("staff_totp").selectAll().where("user_email", "=", "mfa@x.test").executeTakeFirstOrThrow();
      expect(openTotpSecret(row.secret_ciphertext, "mfa@x.test", env.MFA_ENCRYPTION_KEY)).toEqual(key);
      expect(stdout.match(/^[a-z2-7]{5}-[a-z2-7]{5}$/gm)).toHaveLength(10);
      await expect(cli(["mfa-enrol", "mfa@x.test"], { DATABASE_URL: database.url, MFA_ENCRYPTION_KEY: "" })).rejects.toMatchObject({
        stderr: expect.stringContaining("MFA_ENCRYPTION_KEY must be set"),
      });
      await expect(cli(["mfa-enrol", "nobody@x.test"], env)).rejects.toMatchObject({
        stderr: expect.stringContaining("No user nobody@x.test"),
      });
      // Enrolling over a factor replaces it: the sessions the old one opened end, as after a reset.
      await cli(["mfa-enrol", "mfa@x.test"], env);
      expect((await findUser(database.db, "mfa@x.test"))!.sessionVersion).toBe(added + 1);
      const before = (await findUser(database.db, "mfa@x.test"))!.sessionVersion;
      await cli(["mfa-reset", "mfa@x.test"], env);
      expect(await database.db.selectFrom("staff_totp").selectAll().where("user_email", "=", "mfa@x.test").execute()).toEqual([]);
      // A lost phone may be in someone's hands with a session open: every session ends too.
      expect((await findUser(database.db, "mfa@x.test"))!.sessionVersion).toBe(before + 1);
    },
  );

  it("leaves a named database part-way through its migrations to db:migrate, and migrates a new one", { timeout: 90_000 }, async () => {
    const all = Object.keys(MIGRATIONS).sort();
    const behind = await freshDatabase({ empty: true });
    await migrateToLatest(behind.db, Object.fromEntries(all.slice(0, -1).map((name) => [name, MIGRATIONS[name]!])));
    await expect(cli(["list"], { DATABASE_URL: behind.url })).rejects.toMatchObject({
      stderr: expect.stringContaining(
        `Nothing was done: the database at ${describeDatabaseUrl(behind.url)} is at migration ${all.at(-2)}, and this version of the console expects ${all.at(-1)}. Migrate it first with \`npm run db:migrate\``,
      ),
    });
    expect((await migrationState(behind.db)).pending).toEqual(all.slice(-1));
    // A new database: the CLI may be the first thing to touch it (the first admin), and migrates it.
    const empty = await freshDatabase({ empty: true });
    await cli(["add", "first@x.test", "admin", "First"], { DATABASE_URL: empty.url, DASHBOARD_PASSWORD: "scripted password" });
    expect((await migrationState(empty.db)).pending).toEqual([]);
  });

  it(
    "seeds the demo users only into a database holding no other staff, unless told the database is a test's own",
    { timeout: 60_000 },
    async () => {
      const env = { DATABASE_URL: database.url, MFA_ENCRYPTION_KEY: "cli-mfa-encryption-key-0123456789abcdef" };
      const seed = (...flags: string[]) =>
        run(join(process.cwd(), "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/seed-users.ts", ...flags], {
          env: { ...process.env, ...env },
        });
      await addUser(database.db, { email: "real-admin@x.test", name: "Real", role: "admin", password: "twelve chars" });
      await sql`delete from staff_users where demo`.execute(database.db);
      // The database already holds staff the demo did not create (this one, and earlier tests').
      await expect(seed()).rejects.toMatchObject({
        stderr: expect.stringContaining("Nothing was seeded: this database holds staff users the demo did not create"),
      });
      expect(await findUser(database.db, "admin@demo.test")).toBeUndefined();
      const { stdout } = await seed("--beside-other-users");
      expect(stdout).toContain("Seeded 6 demo users");
      expect(await findUser(database.db, "admin@demo.test")).toMatchObject({ role: "admin" });
    },
  );

  it("derives the demo users' secrets from a kept seed: a wiped database gives the same secrets again", { timeout: 60_000 }, async () => {
    const key = "cli-mfa-encryption-key-0123456789abcdef";
    const seed = new Uint8Array(32).fill(7);
    const secretsOf = async (withSeed: Uint8Array) => {
      const fresh = await freshDatabase();
      await seedDemoUsers(fresh.db, "demo-password-123");
      return (await enrolDemoUsers(fresh.db, key, { seed: withSeed })).map((factor) => factor.secret);
    };
    // `npm run demo` wipes .data/pg at every start: the seed beside it makes the same secrets.
    const first = await secretsOf(seed);
    expect(await secretsOf(seed)).toEqual(first);
    expect(new Set(first).size).toBe(DEMO_USERS.length);
    expect(await secretsOf(new Uint8Array(32).fill(8))).not.toEqual(first);
  });

  it("prints a demo account's current code, and refuses every other account", { timeout: 60_000 }, async () => {
    const key = "cli-mfa-encryption-key-0123456789abcdef";
    const env = { DATABASE_URL: database.url, MFA_ENCRYPTION_KEY: key };
    await seedDemoUsers(database.db, "demo-password-123");
    const [first] = await enrolDemoUsers(database.db, key);
    // Seeding again keeps each demo user's secret (an app set up at an earlier start keeps working).
    expect((await enrolDemoUsers(database.db, key))[0]?.secret).toBe(first?.secret);
    const { stdout } = await cli(["code", "Admin@demo.test"], env);
    const codes = [-1, 0, 1].map((offset) => totpCode(totpKeyFromText(first!.secret), totpStep(Date.now()) + BigInt(offset)));
    expect(codes).toContain(stdout.trim());

    // An account someone added (with a factor of its own) is not the demo's: no code, whatever its role.
    await cli(["add", "real@x.test", "admin", "Real"], { ...env, DASHBOARD_PASSWORD: "scripted password" });
    await cli(["mfa-enrol", "real@x.test"], env);
    await expect(cli(["code", "real@x.test"], env)).rejects.toMatchObject({
      stderr: expect.stringContaining("not an account the demo created"),
    });
    await expect(cli(["code", "nobody@x.test"], env)).rejects.toMatchObject({ code: 1 });
  });

  it("migrates a new database and imports the old users file before its first change", { timeout: 60_000 }, async () => {
    const { url, db } = await freshDatabase({ empty: true });
    const file = await usersFile([
      { email: "old@x.test", name: "Old Timer", role: "admin", passwordHash: await hashPassword("old password 1"), sessionVersion: 5 },
    ]);
    const added = await cli(["add", "new@x.test", "viewer", "New"], {
      DATABASE_URL: url,
      DASHBOARD_USERS_FILE: file,
      DASHBOARD_PASSWORD: "a new password",
    });
    expect(added.stderr).toContain("Database migrated to");
    expect(added.stderr).toContain(`Imported 1 staff users from DASHBOARD_USERS_FILE=${file}`);
    expect((await listUsers(db)).map((u) => [u.email, u.sessionVersion])).toEqual([
      ["old@x.test", 5],
      ["new@x.test", 1],
    ]);
  });

  it("says which database it cannot reach, without the password", { timeout: 60_000 }, async () => {
    const url = `postgres://console:s3cret-pw@127.0.0.1:${await freePort()}/console`;
    const failed = cli(["list"], { DATABASE_URL: url });
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Cannot reach the database at 127\.0\.0\.1:\d+\/console\. Check DATABASE_URL\./m),
    });
    await expect(failed).rejects.toMatchObject({ stderr: expect.not.stringContaining("s3cret-pw") });
  });
});
