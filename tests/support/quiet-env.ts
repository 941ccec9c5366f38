import { onTestFinished, vi } from "vitest";

/**
 * A valid dashboard env with logging off, for a test whose code reads env() (to log, say) but
 * needs nothing real from it; undone after the test. Nothing listens on the default URLs.
 */
export function stubQuietEnv(overrides: Record<string, string> = {}): void {
  const env: Record<string, string> = {
    DATABASE_URL: "postgres://console:secret@127.0.0.1:9/console",
    PAYMENTS_BASE_URL: "http://127.0.0.1:9",
    PAYMENTS_TEST_API_KEY: "mrp_test_demo_key",
    PAYMENTS_TEST_API_SECRET: "mrp_test_demo_secret_change_me_0000000000",
    SESSION_SECRET: "test-session-secret-0123456789abcdef-0123",
    MFA_ENCRYPTION_KEY: "test-mfa-encryption-key-0123456789abcdef",
    AUDIT_KEY: "test-audit-key-0123456789abcdef-0123456789",
    PUBLIC_ORIGIN: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ...overrides,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  onTestFinished(() => void vi.unstubAllEnvs());
}
