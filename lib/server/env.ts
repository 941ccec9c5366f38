import "server-only";
import { hostname } from "node:os";
import { z } from "zod";
import type { Environment } from "@/lib/rails";

// The only module of the dashboard that reads process.env (t3 env.js style):
// validated once, on first use, so `next build` never needs runtime secrets.

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

// The database's own variables, also validated alone for the CLIs (db:migrate), which need nothing else.
const databaseUrl = z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// connection URL" });
const databaseShape = {
  // Optional here: the users CLI falls back to the local embedded server; the app requires it (below).
  DATABASE_URL: databaseUrl.optional(),
  // The role migrations run as (the CLIs; server.ts reads its own): apart from the app's (migration 0017).
  DATABASE_MIGRATION_URL: databaseUrl.optional(),
  DATABASE_EMBEDDED: z.string().trim().min(1).optional(),
  DATABASE_EMBEDDED_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  DATABASE_POOL_MAX: positiveInt(10),
};

const schema = z
  .object({
    ...databaseShape,
    // The console's state lives in Postgres: no instance runs without it (server.ts sets it for DATABASE_EMBEDDED).
    DATABASE_URL: databaseUrl,
    PAYMENTS_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
    PAYMENTS_TEST_API_KEY: z.string().optional(),
    PAYMENTS_TEST_API_SECRET: z.string().optional(),
    PAYMENTS_LIVE_API_KEY: z.string().optional(),
    PAYMENTS_LIVE_API_SECRET: z.string().optional(),
    SESSION_SECRET: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: "must be an http(s) origin such as https://console.example.com" })
      .refine(
        (value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ""),
        "must be an origin only, without a path",
      ),
    // Sign-in throttling (lib/server/sign-in-throttle.ts explains the rules and the numbers).
    SIGN_IN_FREE_ATTEMPTS: positiveInt(5),
    SIGN_IN_MAX_ATTEMPTS_PER_IP: positiveInt(20),
    SIGN_IN_MAX_DELAY_SECONDS: positiveInt(30),
    SIGN_IN_WINDOW_SECONDS: positiveInt(15 * 60),
    SIGN_IN_EMAIL_CEILING: positiveInt(100),
    // Encrypts the staff's TOTP secrets at rest (lib/server/second-factor/seal.ts). Its own variable: rotating
    // SESSION_SECRET must not void every enrolment. Changing it makes every stored secret unreadable: each
    // user signs in with a recovery code or has the factor reset (`npm run users -- mfa-reset`), then enrols again.
    MFA_ENCRYPTION_KEY: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // Chains the audit entries (an HMAC each) and signs their anchors (lib/server/audit/log.ts); never stored in the
    // database. Its own variable, required: one derived from SESSION_SECRET would change with it and fail verify.
    AUDIT_KEY: z.string({ error: "is required" }).min(32, "must be at least 32 characters"),
    // Names this instance in the money-write ledger, stable across its restarts (the reconciler's "our previous life").
    INSTANCE_ID: z.string().trim().min(1).max(200).optional(),
    // How long a payout held for approval waits before it expires (maker-checker, issue 59): a day.
    APPROVAL_TTL_SECONDS: positiveInt(86_400),
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    // Staff invitations and password-reset links (issue 58): how long a link lasts, and where mail goes.
    INVITE_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
    // A password-reset link gives an account away: it lasts a day, not an invitation's three.
    RESET_TTL_HOURS: z.coerce.number().int().min(1).max(72).default(24),
    // Unset: no email; a link is shown once to the admin (an invite to a privileged role then needs a second admin).
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  })
  .superRefine((value, ctx) => {
    for (const mode of ["TEST", "LIVE"] as const) {
      const key = `PAYMENTS_${mode}_API_KEY` as const;
      const secret = `PAYMENTS_${mode}_API_SECRET` as const;
      // Half a pair is a typo, not "unconfigured": refuse it rather than silently hide the environment.
      if (value[key] && !value[secret]) ctx.addIssue({ code: "custom", path: [secret], message: `is required when ${key} is set` });
      if (!value[key] && value[secret]) ctx.addIssue({ code: "custom", path: [key], message: `is required when ${secret} is set` });
    }
    const nothingSet = [
      value.PAYMENTS_TEST_API_KEY,
      value.PAYMENTS_TEST_API_SECRET,
      value.PAYMENTS_LIVE_API_KEY,
      value.PAYMENTS_LIVE_API_SECRET,
    ].every((v) => !v);
    if (nothingSet) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS_TEST_API_KEY"],
        message:
          "configure at least one environment: PAYMENTS_TEST_API_KEY + PAYMENTS_TEST_API_SECRET, or PAYMENTS_LIVE_API_KEY + PAYMENTS_LIVE_API_SECRET",
      });
    }
  });

type EnvironmentCredentials = { apiKey: string; apiSecret: string };

export type DatabaseEnv = {
  /** Holds the password: never log it (see describeDatabaseUrl in lib/server/db). */
  databaseUrl: string | undefined;
  /** The migrating role's URL; holds a password too. */
  databaseMigrationUrl: string | undefined;
  /** A one-machine install's embedded server: its data directory and port, for the CLIs. */
  databaseEmbedded: { dataDir: string; port: number | undefined } | undefined;
  /** Connections per instance: N instances open up to N × this many. */
  databasePoolMax: number;
};

export type ServerEnv = DatabaseEnv & {
  databaseUrl: string;
  paymentsBaseUrl: string;
  credentials: Partial<Record<Environment, EnvironmentCredentials>>;
  /** Configured environments, test first; an unconfigured one is never offered. */
  modes: Environment[];
  sessionSecret: string;
  mfaEncryptionKey: string;
  publicOrigin: string;
  /** PUBLIC_ORIGIN decides it, not the request: behind a TLS-terminating proxy the app itself sees http. */
  secureCookies: boolean;
  signIn: { freeAttempts: number; maxAttemptsPerIp: number; maxDelaySeconds: number; windowSeconds: number; emailCeiling: number };
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  isProduction: boolean;
  /**
   * INSTANCE_ID, else `<hostname>:<PORT>` (server.ts sets PORT to the port it listens on):
   * the same after a restart of this instance, different from every other live instance.
   */
  instanceId: string;
  /** AUDIT_KEY. */
  auditKey: string;
  /** APPROVAL_TTL_SECONDS: a held payout's request expires this long after it was made. */
  approvalTtlSeconds: number;
  /** INVITE_TTL_HOURS: how long an invitation link lasts. */
  inviteTtlHours: number;
  /** RESET_TTL_HOURS: how long a password-reset link lasts. */
  resetTtlHours: number;
  /** SMTP_URL (holds a password: never log it); undefined when mail is not configured. */
  smtpUrl: string | undefined;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Treat `FOO=` like an unset FOO (t3's emptyStringAsUndefined), so .env templates can leave blanks. */
function emptyStringAsUndefined(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).map(([name, value]) => [name, value?.trim() === "" ? undefined : value]));
}

function pair(key: string | undefined, secret: string | undefined): EnvironmentCredentials | undefined {
  return key && secret ? { apiKey: key, apiSecret: secret } : undefined;
}

function invalid(issues: z.core.$ZodIssue[], source: Record<string, string | undefined>): EnvError {
  const lines = issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    // A missing variable reaches zod as undefined; say so plainly instead of a type error.
    const message = issue.code === "invalid_type" && source[name] === undefined ? "is required" : issue.message;
    return `  - ${name} ${message}`;
  });
  return new EnvError(`Invalid dashboard configuration:\n${lines.join("\n")}`);
}

function database(value: z.infer<z.ZodObject<typeof databaseShape>>): DatabaseEnv {
  return {
    databaseUrl: value.DATABASE_URL,
    databaseMigrationUrl: value.DATABASE_MIGRATION_URL,
    databaseEmbedded: value.DATABASE_EMBEDDED ? { dataDir: value.DATABASE_EMBEDDED, port: value.DATABASE_EMBEDDED_PORT } : undefined,
    databasePoolMax: value.DATABASE_POOL_MAX,
  };
}

/**
 * Pure: validates only the database variables, for tools that need nothing else.
 * @internal
 */
export function parseDatabaseEnv(source: Record<string, string | undefined>): DatabaseEnv {
  const result = z.object(databaseShape).safeParse(emptyStringAsUndefined(source));
  if (!result.success) throw invalid(result.error.issues, source);
  return database(result.data);
}

/**
 * Pure: validates a record (process.env or a test fixture). Messages name the variable, never its value.
 * @internal
 */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = schema.safeParse(emptyStringAsUndefined(source));
  if (!result.success) throw invalid(result.error.issues, source);
  const value = result.data;
  const credentials: ServerEnv["credentials"] = {};
  const test = pair(value.PAYMENTS_TEST_API_KEY, value.PAYMENTS_TEST_API_SECRET);
  const live = pair(value.PAYMENTS_LIVE_API_KEY, value.PAYMENTS_LIVE_API_SECRET);
  if (test) credentials.test = test;
  if (live) credentials.live = live;
  const publicOrigin = new URL(value.PUBLIC_ORIGIN).origin;
  return {
    ...database(value),
    databaseUrl: value.DATABASE_URL,
    paymentsBaseUrl: value.PAYMENTS_BASE_URL.replace(/\/$/, ""),
    credentials,
    modes: (["test", "live"] as const).filter((mode) => credentials[mode] !== undefined),
    sessionSecret: value.SESSION_SECRET,
    mfaEncryptionKey: value.MFA_ENCRYPTION_KEY,
    publicOrigin,
    secureCookies: publicOrigin.startsWith("https:"),
    signIn: {
      freeAttempts: value.SIGN_IN_FREE_ATTEMPTS,
      maxAttemptsPerIp: value.SIGN_IN_MAX_ATTEMPTS_PER_IP,
      maxDelaySeconds: value.SIGN_IN_MAX_DELAY_SECONDS,
      windowSeconds: value.SIGN_IN_WINDOW_SECONDS,
      emailCeiling: value.SIGN_IN_EMAIL_CEILING,
    },
    logLevel: value.LOG_LEVEL,
    isProduction: value.NODE_ENV === "production",
    instanceId: value.INSTANCE_ID ?? `${hostname()}:${source.PORT?.trim() || "3000"}`,
    auditKey: value.AUDIT_KEY,
    approvalTtlSeconds: value.APPROVAL_TTL_SECONDS,
    inviteTtlHours: value.INVITE_TTL_HOURS,
    resetTtlHours: value.RESET_TTL_HOURS,
    smtpUrl: value.SMTP_URL,
  };
}

let cached: ServerEnv | undefined;

/** The app's accessor: validates process.env on first call and throws EnvError if it is wrong. */
export function env(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The database variables alone (db:migrate and other CLIs): the payments and session variables are not needed. */
export function databaseEnv(): DatabaseEnv {
  return cached ?? parseDatabaseEnv(process.env);
}

/** `next build` loads instrumentation too: nothing that needs the runtime configuration may run then. */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}

/**
 * Called from instrumentation.ts when a server starts, so a bad configuration
 * stops `next start` (naming the variable) instead of failing the first
 * request. `next build` also loads instrumentation; it must not need secrets.
 */
export function validateEnvAtStartup(): void {
  if (isBuildPhase()) return;
  try {
    env();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    // Next logs a failed instrumentation hook but keeps serving; a misconfigured console must not.
    console.error(err.message);
    process.exit(1);
  }
}
