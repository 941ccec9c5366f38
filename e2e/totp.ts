// A staff member with a TOTP factor, as a person with an authenticator app would use it: made
// with the users CLI (add, then mfa-enrol, whose otpauth:// URI holds the secret), codes
// computed with the same RFC 6238 code as the server. A code is good once: when this step's code
// was already used, the next step's is sent (inside the server's drift window), and only when
// that is spent too is the clock awaited, by polling, never by a fixed sleep.
import { execFileSync } from "node:child_process";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { DRIFT_STEPS, totpCode, totpKeyFromText, totpStep } from "../lib/server/second-factor/totp";
import { BFF_HEADERS, DATABASE_URL, E2E_ENV, PASSWORD } from "./env";

export type TotpUser = { email: string; key: Uint8Array; lastStep: bigint };

/** The users CLI on the run's database, or the one `database` names (DATABASE_URL and DATABASE_MIGRATION_URL). */
export function usersCli(args: string[], database: Record<string, string> = {}): string {
  return execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/users.ts", ...args], {
    env: { ...process.env, ...E2E_ENV, ...database, DASHBOARD_PASSWORD: PASSWORD },
    encoding: "utf8",
  });
}

type Role = "admin" | "finance" | "support" | "viewer";

/** A new account of `role`, password PASSWORD, no second factor (in the run's database, or `database`). */
export function newStaffUser(role: Role, database: Record<string, string> = {}): string {
  const email = `totp-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.test`;
  usersCli(["add", email, role, "Two Factor"], database);
  return email;
}

/** A new account of `role` with an enrolled TOTP factor (no code spent yet). */
export function newTotpUser(role: Role, database: Record<string, string> = {}): TotpUser {
  const email = newStaffUser(role, database);
  const uri = /otpauth:\/\/totp\/\S+/.exec(usersCli(["mfa-enrol", email], database))?.[0];
  if (!uri) throw new Error("mfa-enrol printed no otpauth URI");
  return { email, key: totpKeyFromText(new URL(uri).searchParams.get("secret") ?? ""), lastStep: -1n };
}

/** A user enrolled in the browser, from the key the page showed and the step its code spent. */
export function totpUserOf(email: string, keyText: string, lastStep: bigint): TotpUser {
  return { email, key: totpKeyFromText(keyText), lastStep };
}

/**
 * A code the server has not seen spent: the current step's, or, when that one is spent, a later
 * step's within the drift the server allows (an app whose clock runs a little ahead shows it). Waits
 * only when every step of the window is spent: a second sign-in no longer waits out the 30 seconds.
 */
export async function nextCode(user: TotpUser): Promise<string> {
  const latest = () => totpStep(Date.now()) + BigInt(DRIFT_STEPS);
  await expect.poll(() => latest() > user.lastStep, { timeout: 35_000, intervals: [250] }).toBe(true);
  const now = totpStep(Date.now());
  const step = now > user.lastStep ? now : user.lastStep + 1n;
  user.lastStep = step;
  return totpCode(user.key, step);
}

/** Password, then a code: a signed-in session for `request`'s cookies. */
export async function signInWithCode(
  request: APIRequestContext,
  user: TotpUser,
  headers: Record<string, string> = BFF_HEADERS,
): Promise<void> {
  const password = await request.post("/api/auth/sign-in", { headers, data: { email: user.email, password: PASSWORD } });
  expect(password.status(), `sign-in as ${user.email}`).toBe(200);
  expect(((await password.json()) as { redirectTo: string }).redirectTo).toMatch(/^\/sign-in\/code/);
  const code = await request.post("/api/auth/second-factor", { headers, data: { code: await nextCode(user) } });
  expect(code.status(), await code.text()).toBe(200);
}

/** Ages the user's last second-factor check past the step-up window, as five idle minutes would. */
export async function makeStepUpStale(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query("update staff_sessions set second_factor_at = now() - interval '10 minutes' where user_email = $1", [email]);
  } finally {
    await client.end();
  }
}

/** On the enrolment page: the QR code's key, a code from it, and past the ten recovery codes. Answers the enrolled user. */
export async function enrolOnPage(page: Page, email: string): Promise<TotpUser> {
  await page.getByRole("button", { name: "Show my QR code" }).click();
  const user = totpUserOf(email, (await page.getByTestId("totp-secret").textContent()) ?? "", -1n);
  await page.getByLabel("Code from the app").fill(await nextCode(user));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  return user;
}
