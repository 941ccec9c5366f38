// `npm run db:embedded -- [--reset] [--port N] [--data-dir DIR]`: the embedded
// Postgres in the foreground, migrated, for a one-machine install or to point the
// users CLI at. Prints its DATABASE_URL; Ctrl-C stops it (the data stays).
import { parseArgs } from "node:util";
import { createDatabase } from "@/lib/server/db/create";
import { migrateToLatest } from "@/lib/server/db/migrate";
import { DEMO_EMBEDDED, startEmbeddedPostgres } from "./embedded";

const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    port: { type: "string", default: String(DEMO_EMBEDDED.port) },
    "data-dir": { type: "string", default: DEMO_EMBEDDED.dataDir },
  },
});

const server = await startEmbeddedPostgres({ dataDir: values["data-dir"], port: Number(values.port), reset: values.reset });
const db = createDatabase(server.url, { max: 1 });
try {
  const { applied, after } = await migrateToLatest(db);
  console.log(applied.length > 0 ? `Migrated: ${applied.join(", ")}.` : `Schema at ${after.at(-1) ?? "no migrations"}.`);
} catch (err) {
  await server.stop();
  throw err;
} finally {
  await db.destroy();
}
console.log(`DATABASE_URL=${server.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
