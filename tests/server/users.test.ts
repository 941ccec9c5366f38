import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_USERS, seedDemoUsers } from "@/lib/server/demo-users";
import { verifyPassword } from "@/lib/server/password";
import { addUser, findUser, readUsers, removeUser, setPassword, setRole, signOutEverywhere } from "@/lib/server/users";

const run = promisify(execFile);
let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "console-users-"));
  file = join(dir, "nested", "users.json");
});

describe("users file", () => {
  it("stores a salted scrypt hash, never the password, in a private file", async () => {
    await addUser(file, { email: "Ann@Example.test", name: "Ann", role: "finance", password: "correct horse battery" });
    await addUser(file, { email: "bob@example.test", name: "Bob", role: "viewer", password: "correct horse battery" });
    const text = await readFile(file, "utf8");
    expect(text).not.toContain("correct horse");
    const { users } = await readUsers(file);
    expect(users.map((u) => u.email)).toEqual(["ann@example.test", "bob@example.test"]);
    const [ann, bob] = users;
    expect(ann?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(ann?.passwordHash).not.toBe(bob?.passwordHash); // per-user salt
    expect(await verifyPassword("correct horse battery", ann!.passwordHash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", ann!.passwordHash)).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The temp file of the atomic write was renamed away.
    expect(await readdir(join(dir, "nested"))).toEqual(["users.json"]);
  });

  it("refuses short passwords and duplicates", async () => {
    await expect(addUser(file, { email: "a@x.test", name: "A", role: "admin", password: "eleven char" })).rejects.toThrow(/12 characters/);
    await addUser(file, { email: "a@x.test", name: "A", role: "admin", password: "twelve chars" });
    await expect(addUser(file, { email: "A@x.test", name: "A", role: "admin", password: "twelve chars" })).rejects.toThrow(/already exists/);
  });

  it("bumps the session version on password, role and sign-out-everywhere", async () => {
    await addUser(file, { email: "a@x.test", name: "A", role: "admin", password: "twelve chars" });
    expect((await setRole(file, "a@x.test", "viewer")).sessionVersion).toBe(2);
    expect((await setPassword(file, "a@x.test", "another twelve")).sessionVersion).toBe(3);
    expect((await signOutEverywhere(file, "a@x.test")).sessionVersion).toBe(4);
    const user = await findUser(file, "A@X.test");
    expect(user).toMatchObject({ role: "viewer", sessionVersion: 4 });
    await removeUser(file, "a@x.test");
    expect(await findUser(file, "a@x.test")).toBeUndefined();
    await expect(removeUser(file, "a@x.test")).rejects.toThrow(/No user/);
  });

  it("seeds one demo user per role, idempotently, keeping other users", async () => {
    await addUser(file, { email: "keep@x.test", name: "Keep", role: "viewer", password: "twelve chars" });
    await seedDemoUsers(file, "demo-password-123");
    await seedDemoUsers(file, "demo-password-123");
    const { users } = await readUsers(file);
    expect(users.map((u) => u.role).sort()).toEqual(["admin", "finance", "support", "viewer", "viewer"]);
    expect(users.map((u) => u.email)).toEqual(["keep@x.test", ...DEMO_USERS.map((u) => u.email)]);
    expect(await verifyPassword("demo-password-123", users[1]!.passwordHash)).toBe(true);
  });
});

describe("npm run users", () => {
  const cli = (args: string[], extraEnv: Record<string, string> = {}) =>
    run(join(process.cwd(), "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/users.ts", ...args], {
      env: { ...process.env, DASHBOARD_USERS_FILE: file, ...extraEnv },
    });

  // Each run starts tsx afresh (about 2 s on a busy machine), hence the longer timeout.
  it("adds with DASHBOARD_PASSWORD, lists and changes roles", { timeout: 60_000 }, async () => {
    await cli(["add", "cli@x.test", "support", "Cli", "User"], { DASHBOARD_PASSWORD: "scripted password" });
    await cli(["set-role", "cli@x.test", "finance"]);
    const { stdout } = await cli(["list"]);
    expect(stdout).toBe("cli@x.test\tfinance\tCli User\n");
    expect(await verifyPassword("scripted password", (await findUser(file, "cli@x.test"))!.passwordHash)).toBe(true);
    await expect(cli(["set-role", "cli@x.test", "owner"])).rejects.toMatchObject({ stderr: expect.stringContaining("Role must be one of") });
  });
});
