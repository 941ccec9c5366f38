import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { checkDatabase } from "@/lib/server/db/health";
import { databaseUrl } from "../support/db-context";
import { setupTestDatabase } from "../support/db";
import { freePort, silentServer } from "../support/db-network";

const database = setupTestDatabase();

// The pool's own connect timeout (5 s) is longer than the health check's, as in the app.
function databaseAt(url: string) {
  const db = createDatabase<unknown>(url, { max: 1, connectionTimeoutMillis: 5_000 });
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
    const db = databaseAt(`postgres://console:secret@127.0.0.1:${server.port}/console`);
    // Registered last, so it runs first (after-hooks run as a stack): the pool's pending connect then fails at once.
    onTestFinished(() => server.close());
    const started = performance.now();
    expect(await checkDatabase({ database: db, timeoutMs: 200 })).toEqual({ status: "down", reason: "timeout" });
    // Far below the pool's 5 s: the check answers on its own bound, not when the driver gives up.
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it("is down, error, when the server answers but refuses (a database that does not exist)", async () => {
    const db = databaseAt(databaseUrl(database.url, "no_such_database"));
    expect(await checkDatabase({ database: db })).toEqual({ status: "down", reason: "error" });
  });
});
