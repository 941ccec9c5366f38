import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { checkDatabase } from "@/lib/server/db/health";
import { databaseUrl } from "../support/db-context";
import { setupTestDatabase } from "../support/db";
import { freePort, silentServer } from "../support/db-network";

const database = setupTestDatabase();

// The pool's own connect timeout (5 s unless told) is longer than the health check's, as in the app.
function databaseAt(url: string, connectionTimeoutMillis = 5_000) {
  const db = createDatabase<unknown>(url, { max: 1, connectionTimeoutMillis });
  onTestFinished(() => db.destroy());
  return db;
}

describe("checkDatabase", () => {
  it("is ok against a reachable database", async () => {
    const health = await checkDatabase({ database: database.db });
    expect(health).toEqual({ status: "ok", latencyMs: expect.any(Number) });
  });

  it("is down, unreachable, when nothing listens on the port", async () => {
    const db = databaseAt(`postgres://console:secret@127.0.0.1:${await freePort()}/console`);
    expect(await checkDatabase({ database: db })).toEqual({ status: "down", reason: "unreachable" });
  });

  it("is down, timeout, within its own bound when the host never answers", async () => {
    const server = await silentServer();
    // The driver gives up only after 10 minutes, far past the test's own timeout (20 s): an answer in
    // time can only come from the check's own bound, not from the driver giving up.
    const db = databaseAt(`postgres://console:secret@127.0.0.1:${server.port}/console`, 600_000);
    // Registered last, so it runs first (after-hooks run as a stack): the pool's pending connect then fails at once.
    onTestFinished(() => server.close());
    expect(await checkDatabase({ database: db, timeoutMs: 200 })).toEqual({ status: "down", reason: "timeout" });
  });

  it("is down, error, when the server answers but refuses (a database that does not exist)", async () => {
    const db = databaseAt(databaseUrl(database.url, "no_such_database"));
    expect(await checkDatabase({ database: db })).toEqual({ status: "down", reason: "error" });
  });
});
