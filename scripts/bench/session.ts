// Signs a browser context in as the seeded admin and switches it to live mode (the
// simulator's live list is the one seeded with SIM sizes; test keeps its small default).
import type { BrowserContext } from "@playwright/test";
import { BFF_HEADERS, DASHBOARD_URL, EMAIL, PASSWORD } from "./config";

export async function signInLive(context: BrowserContext): Promise<void> {
  const signIn = await context.request.post(`${DASHBOARD_URL}/api/auth/sign-in`, {
    headers: BFF_HEADERS,
    data: { email: EMAIL, password: PASSWORD },
  });
  if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
  const mode = await context.request.put(`${DASHBOARD_URL}/api/session/mode`, { headers: BFF_HEADERS, data: { mode: "live" } });
  if (!mode.ok()) throw new Error(`switching to live answered ${mode.status()}: ${await mode.text()}`);
}

/** The session cookie as a Cookie header, for Lighthouse's own Chrome. */
export async function cookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(DASHBOARD_URL);
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}
