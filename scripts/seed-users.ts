// Seeds one demo staff user per role (admin, finance, support, viewer) into the database:
// DATABASE_URL, or else the local embedded one (scripts/db/cli-database.ts), migrated first.
// Usage: tsx --conditions=react-server scripts/seed-users.ts
// (react-server resolves lib/server's "server-only" marker to its empty build outside Next.)
import { DEMO_PASSWORD, seedDemoUsers } from "@/lib/server/demo-users";
import { CliDatabaseError, openCliDatabase } from "./db/cli-database";

try {
  const { db, where } = await openCliDatabase("seed-users");
  try {
    const users = await seedDemoUsers(db, DEMO_PASSWORD);
    console.log(`Seeded ${users.length} demo users into ${where}: ${users.map((u) => `${u.email} (${u.role})`).join(", ")}`);
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error(err instanceof CliDatabaseError ? err.message : err);
  process.exitCode = 1;
}
