// Seeds one demo staff user per role, each with a TOTP factor whose secret is printed (and with
// --totp-file written as JSON), into DATABASE_URL or the local embedded database; refuses a
// database with other users unless --beside-other-users; --totp-seed keeps secrets stable (docs/decisions/0117);
// --approval-policies (the demo) also seeds the demo's approval policies.
// Usage: tsx --conditions=react-server scripts/seed-users.ts [--totp-file PATH] [--totp-seed PATH] [--beside-other-users] [--approval-policies]
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertDemoOnlyDatabase, DEMO_PASSWORD, enrolDemoUsers, seedDemoApprovalPolicies, seedDemoUsers } from "@/lib/server/demo-users";
import { UserStoreError } from "@/lib/server/users";
import { CliDatabaseError, openCliDatabase } from "./db/cli-database";
import { mfaEncryptionKey } from "./mfa-key";

const fileFlag = process.argv.indexOf("--totp-file");
const totpFile = fileFlag === -1 ? undefined : process.argv[fileFlag + 1];
const seedFlag = process.argv.indexOf("--totp-seed");
const seedFile = seedFlag === -1 ? undefined : process.argv[seedFlag + 1];
const besideOtherUsers = process.argv.includes("--beside-other-users");
// The demo's low-threshold approval policies (live: NGN at or above 100,000; test: BRL at or above 1,000); not the e2e suite's.
const approvalPolicies = process.argv.includes("--approval-policies");

/** The seed in `file` (64 hex digits), written there first when there is none yet. */
function totpSeed(file: string): Uint8Array {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  }
  const text = readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${file} does not hold a TOTP seed (64 hex digits): delete it to make a new one.`);
  return new Uint8Array(Buffer.from(text, "hex"));
}

try {
  const key = mfaEncryptionKey();
  const { db, where } = await openCliDatabase("seed-users", { migrate: true });
  try {
    if (!besideOtherUsers) await assertDemoOnlyDatabase(db);
    const users = await seedDemoUsers(db, DEMO_PASSWORD);
    const factors = await enrolDemoUsers(db, key, seedFile ? { seed: totpSeed(seedFile) } : {});
    if (approvalPolicies) await seedDemoApprovalPolicies(db);
    console.log(`Seeded ${users.length} demo users into ${where}: ${users.map((u) => `${u.email} (${u.role})`).join(", ")}`);
    if (totpFile) {
      mkdirSync(path.dirname(totpFile), { recursive: true });
      writeFileSync(totpFile, JSON.stringify(Object.fromEntries(factors.map((f) => [f.email, f.secret]))), { mode: 0o600 });
    } else {
      console.log("\nTheir TOTP secrets (add one to an authenticator app, or get a code with `npm run users -- code <email>`):");
      for (const factor of factors) console.log(`  ${factor.email.padEnd(20)} ${factor.secret}`);
    }
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error(err instanceof CliDatabaseError || err instanceof UserStoreError ? err.message : err);
  process.exitCode = 1;
}
