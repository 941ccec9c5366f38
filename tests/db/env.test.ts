import { describe, expect, it } from "vitest";
import { EnvError, parseDatabaseEnv } from "@/lib/server/env";

const PASSWORD = "s3ntinel-db-password";

function failure(source: Record<string, string | undefined>): string {
  try {
    parseDatabaseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error("expected parseDatabaseEnv to throw");
}

describe("parseDatabaseEnv", () => {
  it("takes a postgres:// or postgresql:// URL and a pool size, with a default size", () => {
    expect(parseDatabaseEnv({ DATABASE_URL: `postgres://console:${PASSWORD}@db.internal:5432/console` })).toEqual({
      databaseUrl: `postgres://console:${PASSWORD}@db.internal:5432/console`,
      databasePoolMax: 10,
    });
    expect(parseDatabaseEnv({ DATABASE_URL: "postgresql://db.internal/console", DATABASE_POOL_MAX: "25" }).databasePoolMax).toBe(25);
  });

  it("leaves the URL unset when it is missing or blank", () => {
    expect(parseDatabaseEnv({}).databaseUrl).toBeUndefined();
    expect(parseDatabaseEnv({ DATABASE_URL: "  " }).databaseUrl).toBeUndefined();
  });

  it("refuses another scheme or a bad pool size, naming the variable and never the password", () => {
    const message = failure({ DATABASE_URL: `mysql://console:${PASSWORD}@db.internal/console`, DATABASE_POOL_MAX: "0" });
    expect(message).toContain("DATABASE_URL must be a postgres:// connection URL");
    expect(message).toContain("DATABASE_POOL_MAX");
    expect(message).not.toContain(PASSWORD);
  });
});
