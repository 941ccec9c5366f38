// Seeds one demo staff user per role (admin, finance, support, viewer) into the database:
// DATABASE_URL, or else the local embedded one (scripts/db/cli-database.ts), migrated first.
// Each gets a TOTP factor (MFA_ENCRYPTION_KEY seals it, as for the dashboard); its secret is
// printed, and with `--totp-file PATH` also written there as JSON (the e2e suite and the bench
// compute codes from it, as an authenticator app would).
// It refuses a database holding staff users the demo did not create (a real deployment's), unless
// `--beside-other-users` (the e2e suite's own database, where earlier runs' tests added users).
// Usage: tsx --conditions=react-server scripts/seed-users.ts [--totp-file PATH] [--beside-other-users]
// (react-server resolves lib/server's "server-only" marker to its empty build outside Next.)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertDemoOnlyDatabase, DEMO_PASSWORD, enrolDemoUsers, seedDemoUsers } from "@/lib/server/demo-users";
import { UserStoreError } from "@/lib/server/users";
import { CliDatabaseError, openCliDatabase } from "./db/cli-database";
import { mfaEncryptionKey } from "./mfa-key";

const fileFlag = process.argv.indexOf("--totp-file");
const totpFile = fileFlag === -1 ? undefined : process.argv[fileFlag + 1];
const besideOtherUsers = process.argv.includes("--beside-other-users");

try {
  const key = mfaEncryptionKey();
  const { db, where } = await openCliDatabase("seed-users", { migrate: true });
  try {
    if (!besideOtherUsers) await assertDemoOnlyDatabase(db);
    const users = await seedDemoUsers(db, DEMO_PASSWORD);
    const factors = await enrolDemoUsers(db, key);
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
