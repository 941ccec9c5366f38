// The bench's admin session: one password-and-code sign-in (scripts/staff-sign-in.ts), reused
// by every run while the dashboard still accepts it (a code is good once per 30 s, so a sign-in
// per run would wait on the clock). Each user of it sets the mode it needs: live for the
// seeded lists, test for the warm-up.
import type { Browser, BrowserContext } from "@playwright/test";
import type { Environment } from "@/lib/rails";
import { staffSignIn } from "../staff-sign-in";
import { BFF_HEADERS, DASHBOARD_URL, EMAIL, PASSWORD, TOTP_FILE } from "./config";

let cookie: string | undefined;

/** The session cookie ("name=value"), signing in again only if the last one has ended. */
export async function benchCookie(): Promise<string> {
  if (cookie && (await fetch(`${DASHBOARD_URL}/api/session`, { headers: { Cookie: cookie } })).status === 200) return cookie;
  cookie = await staffSignIn(DASHBOARD_URL, EMAIL, PASSWORD, TOTP_FILE);
  return cookie;
}

/** The session in `mode`; answers its cookie. */
export async function benchSession(mode: Environment): Promise<string> {
  const current = await benchCookie();
  const response = await fetch(`${DASHBOARD_URL}/api/session/mode`, {
    method: "PUT",
    headers: { ...BFF_HEADERS, Cookie: current },
    body: JSON.stringify({ mode }),
  });
  if (!response.ok) throw new Error(`switching to ${mode} answered ${response.status}: ${await response.text()}`);
  return current;
}

/** Puts a session cookie ("name=value") in the context, for the dashboard's origin. */
async function addSessionCookie(context: BrowserContext, cookie: string): Promise<void> {
  const [name = "", ...value] = cookie.split("=");
  await context.addCookies([{ name, value: value.join("="), url: DASHBOARD_URL }]);
}

/** A browser context holding the session, in `mode`. */
export async function signInContext(context: BrowserContext, mode: Environment): Promise<void> {
  await addSessionCookie(context, await benchSession(mode));
}

/** Live: the simulator's live list is the one seeded with SIM sizes; test keeps its small default. */
export const signInLive = (context: BrowserContext) => signInContext(context, "live");

/**
 * A browser context holding a password-only sign-in of `email`, still owing its second step: the
 * visitor of `/sign-in/code` (an enrolled account) or `/sign-in/enrol` (one without a factor).
 */
export async function pendingSignInContext(
  browser: Browser,
  email: string,
  owes: "/sign-in/code" | "/sign-in/enrol",
): Promise<BrowserContext> {
  const response = await fetch(`${DASHBOARD_URL}/api/auth/sign-in`, {
    method: "POST",
    headers: BFF_HEADERS,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(";", 1)[0];
  const { redirectTo = "" } = (await response.json()) as { redirectTo?: string };
  if (response.status !== 200 || !cookie || !redirectTo.startsWith(owes))
    throw new Error(`a password sign-in of ${email} answered ${response.status}, to ${redirectTo}, not ${owes}`);
  const context = await browser.newContext();
  await addSessionCookie(context, cookie);
  return context;
}
