import { describe, expect, it, vi } from "vitest";
import { EnvError, parseEnv } from "@/lib/server/env";

const SECRET = "s3ntinel-session-secret-that-is-long-enough";
const TEST_SECRET = "s3ntinel-test-api-secret";
const LIVE_SECRET = "s3ntinel-live-api-secret";

const valid = {
  PAYMENTS_BASE_URL: "http://127.0.0.1:4010",
  PAYMENTS_TEST_API_KEY: "mrp_test_key",
  PAYMENTS_TEST_API_SECRET: TEST_SECRET,
  PAYMENTS_LIVE_API_KEY: "mrp_live_key",
  PAYMENTS_LIVE_API_SECRET: LIVE_SECRET,
  SESSION_SECRET: SECRET,
  MFA_ENCRYPTION_KEY: "mfa-encryption-key-0123456789abcdef-env",
  AUDIT_KEY: "audit-key-0123456789abcdef-0123456789-env",
  DATABASE_URL: "postgres://console:db-password@db.internal:5432/console",
  PUBLIC_ORIGIN: "https://console.example.com",
};

function failure(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    const message = (err as Error).message;
    for (const secret of [SECRET, TEST_SECRET, LIVE_SECRET, "short-secret"]) expect(message).not.toContain(secret);
    return message;
  }
  throw new Error("expected parseEnv to throw");
}

describe("parseEnv", () => {
  // One derived from SESSION_SECRET changed with it, and every entry chained before failed verify.
  it("refuses to start without an AUDIT_KEY of its own, and never derives one from SESSION_SECRET", () => {
    expect(failure({ ...valid, AUDIT_KEY: undefined })).toMatch(/AUDIT_KEY is required/);
    expect(failure({ ...valid, AUDIT_KEY: "short-key" })).toMatch(/AUDIT_KEY must be at least 32 characters/);
    expect(parseEnv(valid).auditKey).toBe(valid.AUDIT_KEY);
  });

  it("accepts a full configuration and derives the cookie and modes from it", () => {
    const env = parseEnv(valid);
    expect(env.modes).toEqual(["test", "live"]);
    expect(env.secureCookies).toBe(true);
    expect(env.publicOrigin).toBe("https://console.example.com");
    expect(env.signIn).toEqual({ freeAttempts: 5, maxAttemptsPerIp: 20, maxDelaySeconds: 30, windowSeconds: 900, emailCeiling: 100 });
    expect(env.logLevel).toBe("info");
  });

  it("keeps a password-reset link shorter than an invitation, and bounds it", () => {
    expect(parseEnv(valid)).toMatchObject({ inviteTtlHours: 72, resetTtlHours: 24 });
    expect(parseEnv({ ...valid, RESET_TTL_HOURS: "2" }).resetTtlHours).toBe(2);
    expect(failure({ ...valid, RESET_TTL_HOURS: "73" })).toContain("RESET_TTL_HOURS");
    expect(failure({ ...valid, RESET_TTL_HOURS: "0" })).toContain("RESET_TTL_HOURS");
  });

  it("offers only the configured environment", () => {
    const liveOnly = parseEnv({ ...valid, PAYMENTS_TEST_API_KEY: undefined, PAYMENTS_TEST_API_SECRET: undefined });
    expect(liveOnly.modes).toEqual(["live"]);
    expect(liveOnly.credentials.test).toBeUndefined();
    // Empty strings count as unset (a copied .env.example with blanks).
    const testOnly = parseEnv({ ...valid, PAYMENTS_LIVE_API_KEY: "", PAYMENTS_LIVE_API_SECRET: "  " });
    expect(testOnly.modes).toEqual(["test"]);
  });

  it("names each missing variable", () => {
    const message = failure({ ...valid, PAYMENTS_BASE_URL: undefined, DATABASE_URL: undefined });
    expect(message).toContain("PAYMENTS_BASE_URL is required");
    expect(message).toContain("DATABASE_URL is required");
  });

  it("refuses a short session secret without printing it", () => {
    expect(failure({ ...valid, SESSION_SECRET: "short-secret" })).toMatch(/SESSION_SECRET must be at least 32 characters/);
  });

  it("refuses half an environment, naming the missing half", () => {
    expect(failure({ ...valid, PAYMENTS_LIVE_API_SECRET: undefined })).toContain(
      "PAYMENTS_LIVE_API_SECRET is required when PAYMENTS_LIVE_API_KEY is set",
    );
    expect(failure({ ...valid, PAYMENTS_TEST_API_KEY: undefined })).toContain(
      "PAYMENTS_TEST_API_KEY is required when PAYMENTS_TEST_API_SECRET is set",
    );
  });

  it("needs at least one environment", () => {
    const none = {
      ...valid,
      PAYMENTS_TEST_API_KEY: "",
      PAYMENTS_TEST_API_SECRET: "",
      PAYMENTS_LIVE_API_KEY: "",
      PAYMENTS_LIVE_API_SECRET: "",
    };
    expect(failure(none)).toMatch(/configure at least one environment/);
  });

  it("refuses bad values", () => {
    expect(failure({ ...valid, PUBLIC_ORIGIN: "https://console.example.com/app" })).toMatch(/PUBLIC_ORIGIN must be an origin only/);
    expect(failure({ ...valid, PUBLIC_ORIGIN: "not a url" })).toMatch(/PUBLIC_ORIGIN/);
    expect(failure({ ...valid, PAYMENTS_BASE_URL: "ftp://example.com" })).toMatch(/PAYMENTS_BASE_URL must be an http\(s\) URL/);
    expect(failure({ ...valid, SIGN_IN_MAX_ATTEMPTS_PER_IP: "many" })).toMatch(/SIGN_IN_MAX_ATTEMPTS_PER_IP/);
    expect(failure({ ...valid, LOG_LEVEL: "loud" })).toMatch(/LOG_LEVEL/);
  });

  it("uses plain cookies over http and reads the tunables", () => {
    const env = parseEnv({ ...valid, PUBLIC_ORIGIN: "http://localhost:3000/", SIGN_IN_MAX_ATTEMPTS_PER_IP: "1000", LOG_LEVEL: "silent" });
    expect(env.secureCookies).toBe(false);
    expect(env.publicOrigin).toBe("http://localhost:3000");
    expect(env.signIn.maxAttemptsPerIp).toBe(1000);
    expect(env.logLevel).toBe("silent");
  });
});

describe("validateEnvAtStartup", () => {
  it("stops the process with the message, not the secret, when the configuration is bad", async () => {
    const { validateEnvAtStartup } = await import("@/lib/server/env");
    for (const [name, value] of Object.entries({ ...valid, SESSION_SECRET: "short-secret" })) vi.stubEnv(name, value);
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      validateEnvAtStartup();
      expect(exit).toHaveBeenCalledWith(1);
      expect(log).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET must be at least 32 characters"));
      expect(String(log.mock.calls[0]?.[0])).not.toContain("short-secret");
    } finally {
      exit.mockRestore();
      log.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it("does nothing while next build runs, where runtime secrets are absent", async () => {
    const { validateEnvAtStartup } = await import("@/lib/server/env");
    vi.stubEnv("NEXT_PHASE", "phase-production-build");
    vi.stubEnv("SESSION_SECRET", "");
    try {
      expect(() => validateEnvAtStartup()).not.toThrow();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
