// Each test file gets its own database, cloned from the run's migrated template
// (CREATE DATABASE … TEMPLATE copies files, no migrations per file), and drops
// it afterwards. Needs tests/support/db-global-setup.ts as a Vitest globalSetup.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import type { Database } from "@/lib/server/db/schema";
import { databaseUrl, TEMPLATE_DATABASE } from "./db-context";

export type TestDatabase<DB = Database> = {
  name: string;
  url: string;
  db: Kysely<DB>;
  /** Closes `db` (and any other pool on it) and drops the database. */
  drop(): Promise<void>;
};

function adminUrl(): string {
  const url = inject("databaseAdminUrl");
  if (!url) throw new Error("No test database server: add tests/support/db-global-setup.ts to Vitest's globalSetup.");
  return url;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database of the run's server: a clone of the migrated template, or with
 * `empty`, one with no tables at all (for migration tests).
 */
export async function createTestDatabase<DB = Database>(options: { empty?: boolean; max?: number } = {}): Promise<TestDatabase<DB>> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${name} template ${options.empty ? "template0" : TEMPLATE_DATABASE}`);
  const url = databaseUrl(adminUrl(), name);
  const db = createDatabase<DB>(url, { max: options.max ?? 5 });
  return {
    name,
    url,
    db,
    async drop() {
      await db.destroy();
      // FORCE ends sessions a test left open (another pool on the same URL), so no database is left behind.
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** For a test file (named so the React hooks lint does not take it for a hook): its own migrated database for all its tests, dropped after them. Read the fields inside tests or hooks. */
export function setupTestDatabase(): Omit<TestDatabase, "drop"> {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.drop();
  });
  const ready = () => {
    if (!current) throw new Error("setupTestDatabase: the database exists from beforeAll on; read it inside a test or hook.");
    return current;
  };
  return {
    get name() {
      return ready().name;
    },
    get url() {
      return ready().url;
    },
    get db() {
      return ready().db;
    },
  };
}
