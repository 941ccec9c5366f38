// `npm run db:embedded -- [--reset] [--port N] [--data-dir DIR]`: the embedded
// Postgres in the foreground, migrated (as its superuser), for a one-machine install or to point
// the users CLI at. Prints its DATABASE_URL (the app's role) with the password only to a terminal:
// piped into a log, the password is left out and the line says where it is kept. Ctrl-C stops it
// (the data stays). `--throwaway` (with --reset: the e2e run's and the bench's clusters) makes the
// new cluster with THROWAWAY_CREDENTIALS, whose URL they know before it starts; `--demo` marks
// the cluster as the demo's (npm run demo), where the users CLI lets the demo's AUDIT_KEY stand in.
import { parseArgs } from "node:util";
import { createDatabase } from "@/lib/server/db/create";
import { migrateToLatest } from "@/lib/server/db/migrate";
import { DEMO_EMBEDDED, startEmbeddedPostgres } from "@/lib/server/db/embedded";
import { THROWAWAY_CREDENTIALS } from "@/lib/server/db/embedded-url";

const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    port: { type: "string", default: String(DEMO_EMBEDDED.port) },
    "data-dir": { type: "string", default: DEMO_EMBEDDED.dataDir },
    throwaway: { type: "boolean", default: false },
    demo: { type: "boolean", default: false },
  },
});
if (values.throwaway && !values.reset) throw new Error("--throwaway makes a new cluster: it needs --reset.");

const server = await startEmbeddedPostgres({
  dataDir: values["data-dir"],
  port: Number(values.port),
  reset: values.reset,
  demo: values.demo,
  ...(values.throwaway ? { credentials: THROWAWAY_CREDENTIALS } : {}),
});
const db = createDatabase(server.migrationUrl, { max: 1 });
try {
  const { applied, after } = await migrateToLatest(db);
  console.log(applied.length > 0 ? `Migrated: ${applied.join(", ")}.` : `Schema at ${after.at(-1) ?? "no migrations"}.`);
} catch (err) {
  await server.stop();
  throw err;
} finally {
  await db.destroy();
}
if (process.stdout.isTTY) console.log(`DATABASE_URL=${server.url}`);
else {
  const shown = new URL(server.url);
  shown.password = "";
  console.log(`DATABASE_URL=${shown.toString()} (its password is in ${server.credentialsFile}, readable by this user only)`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
