// Seeds one demo staff user per role (admin, finance, support, viewer) into a users file.
// Usage: tsx --conditions=react-server scripts/seed-users.ts <users-file>
// (react-server resolves lib/server's "server-only" marker to its empty build outside Next.)
import { DEMO_PASSWORD, seedDemoUsers } from "@/lib/server/demo-users";

const file = process.argv[2];
if (!file) {
  console.error("Usage: tsx --conditions=react-server scripts/seed-users.ts <users-file>");
  process.exit(2);
}

const users = await seedDemoUsers(file, DEMO_PASSWORD);
console.log(`Seeded ${users.length} demo users into ${file}: ${users.map((u) => `${u.email} (${u.role})`).join(", ")}`);
