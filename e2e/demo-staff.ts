// The demo users as the suite signs them in (issue 19): each has a TOTP factor, whose secret
// the global setup's seeding wrote to DEMO_TOTP_FILE. Codes are computed as an authenticator
// app would (e2e/totp.ts); the last step spent per account is kept on disk, so a worker that
// restarts after a failure never replays a code. A role's signed-in session is kept as a
// Playwright storageState file and reused by every test, signing in again only when it has
// ended (a test signed it out, or changed the account), and stepping up when its last
// second-factor check is getting old.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { requiresSecondFactor, type Role } from "../lib/permissions";
import { BFF_HEADERS, ROLE_EMAILS } from "./env";
import { nextCode, signInWithCode, totpUserOf, type TotpUser } from "./totp";

const AUTH_DIR = ".data/e2e-auth";
/** Written by the global setup (scripts/seed-users.ts --totp-file): { email: base32 secret }. */
export const DEMO_TOTP_FILE = path.join(AUTH_DIR, "demo-totp.json");
const CODES_FILE = path.join(AUTH_DIR, "codes.json");
const storageFile = (role: Role) => path.join(AUTH_DIR, `${role}.json`);

/**
 * Step up again once the last check is this old. The server allows 5 minutes; a test may run
 * 45 s (the config's timeout), so what a test starts with lasts it to the end.
 */
const STEP_UP_REFRESH_MS = 3 * 60 * 1000;

type CodeState = Record<string, { lastStep: string; checkedAt?: number }>;

const readJson = <T>(file: string, fallback: T): T => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : fallback);
const writeJson = (file: string, value: unknown) => writeFileSync(file, JSON.stringify(value), { mode: 0o600 });

/** A new run's database has new accounts: nothing from an earlier run is worth keeping. */
export function resetDemoStaff(): void {
  rmSync(AUTH_DIR, { recursive: true, force: true });
  mkdirSync(AUTH_DIR, { recursive: true });
}

function updateCodeState(email: string, change: Partial<CodeState[string]>): void {
  const state = readJson<CodeState>(CODES_FILE, {});
  writeJson(CODES_FILE, { ...state, [email]: { lastStep: "-1", ...state[email], ...change } });
}

/** The demo account as its authenticator would hold it, with the last step it spent (kept on disk). */
function demoTotpUser(role: Role): TotpUser {
  const email = ROLE_EMAILS[role];
  const secret = readJson<Record<string, string>>(DEMO_TOTP_FILE, {})[email];
  if (!secret) throw new Error(`${DEMO_TOTP_FILE} has no secret for ${email}: did the global setup run?`);
  return totpUserOf(email, secret, BigInt(readJson<CodeState>(CODES_FILE, {})[email]?.lastStep ?? "-1"));
}

/** Runs `act` with the demo account's TOTP user, then records the step it spent. */
async function withDemoUser<T>(role: Role, act: (user: TotpUser) => Promise<T>): Promise<T> {
  const user = demoTotpUser(role);
  try {
    return await act(user);
  } finally {
    updateCodeState(user.email, { lastStep: user.lastStep.toString() });
  }
}

/** A code of the demo account that it has not spent (e2e/totp.ts nextCode). */
export const demoCode = (role: Role): Promise<string> => withDemoUser(role, nextCode);

/** After a password typed in the form: the code page, answered with `code`. */
export async function answerCodePage(page: Page, code: string | Promise<string>): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in\/code/);
  await page.getByLabel("Code").fill(await code);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Password, then a code, through the BFF (e2e/totp.ts): `request`'s cookies hold a signed-in session. */
async function signInDemo(request: APIRequestContext, role: Role): Promise<void> {
  await withDemoUser(role, (user) => signInWithCode(request, user));
  updateCodeState(ROLE_EMAILS[role], { checkedAt: Date.now() });
}

/** A fresh second-factor check in the page's session, when the last one is getting old. */
async function stepUpIfStale(page: Page, role: Role): Promise<void> {
  const email = ROLE_EMAILS[role];
  const checkedAt = readJson<CodeState>(CODES_FILE, {})[email]?.checkedAt ?? 0;
  if (!requiresSecondFactor(role) || Date.now() - checkedAt < STEP_UP_REFRESH_MS) return;
  const response = await page.request.post("/api/auth/step-up", { headers: BFF_HEADERS, data: { code: await demoCode(role) } });
  expect(response.status(), `step-up as ${role}: ${await response.text()}`).toBe(200);
  updateCodeState(email, { checkedAt: Date.now() });
}

/**
 * The page's context signed in as the role's demo user: the stored session when it is still
 * good (GET /api/session answers 200), else a new sign-in, stored for the next test.
 */
export async function useDemoSession(page: Page, role: Role): Promise<void> {
  const context = page.context();
  await context.clearCookies();
  const file = storageFile(role);
  if (existsSync(file)) {
    await context.addCookies(readJson<{ cookies: Parameters<typeof context.addCookies>[0] }>(file, { cookies: [] }).cookies);
    if ((await page.request.get("/api/session")).status() === 200) {
      await stepUpIfStale(page, role);
      return startInTestMode(page, role);
    }
    await context.clearCookies();
  }
  await signInDemo(page.request, role);
  await context.storageState({ path: file });
}

/** Each test starts in test mode, whatever an earlier test chose. */
async function startInTestMode(page: Page, role: Role): Promise<void> {
  const mode = await page.request.put("/api/session/mode", { headers: BFF_HEADERS, data: { mode: "test" } });
  expect(mode.status(), `${role}: back to test mode`).toBe(200);
}
