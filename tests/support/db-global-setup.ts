// Vitest globalSetup for tests that use Postgres: ONE server for the whole run,
// and one migrated template database that each test file clones (setupTestDatabase
// in tests/support/db.ts). With TEST_DATABASE_URL set, that server is used instead
// of the embedded one; CI does so with Debian's Postgres 15. Never DATABASE_URL: the
// tests create and drop databases on their server, and a developer's exported
// DATABASE_URL names the app's own database server.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "@/lib/server/db/create";
import { migrateToLatest } from "@/lib/server/db/migrate";
import { startEmbeddedPostgres, type EmbeddedServer } from "@/lib/server/db/embedded";
import { databaseUrl, TEMPLATE_DATABASE } from "./db-context";
import { freePort } from "./db-network";

/** A fresh template: dropped first, so a run never clones a template migrated by older code. */
async function createTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const template = createDatabase(databaseUrl(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  try {
    await migrateToLatest(template);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
    await template.destroy();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL?.trim() || undefined;
  let server: EmbeddedServer | undefined;
  if (!external) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "console-test-pg-"));
    server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false, database: "postgres" });
  }
  const adminUrl = external ?? server!.adminUrl;
  try {
    await createTemplate(adminUrl);
  } catch (err) {
    await server?.stop();
    throw err;
  }
  project.provide("databaseAdminUrl", adminUrl);
  return async () => {
    await server?.stop();
  };
}
