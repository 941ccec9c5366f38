// A freshly started `next start` loads each route's code on its first request. Production
// servers are warm, so before timing the cold *list* the bench serves the pages and the
// transactions route once in test mode: code loaded, the live list still untouched.
import type { Browser } from "@playwright/test";
import { BFF_HEADERS, DASHBOARD_URL, EMAIL, PASSWORD } from "./config";

export async function warmUp(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  try {
    const signIn = await context.request.post(`${DASHBOARD_URL}/api/auth/sign-in`, {
      headers: BFF_HEADERS,
      data: { email: EMAIL, password: PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`warm-up sign-in answered ${signIn.status()}`);
    // The session starts in test mode (the default), whose list is the simulator's small test seed.
    const page = await context.newPage();
    await page.goto(`${DASHBOARD_URL}/transactions`);
    await page.getByTestId("tx-row").first().waitFor({ timeout: 60_000 });
  } finally {
    await context.close();
  }
}
