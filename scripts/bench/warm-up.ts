// A freshly started `next start` loads each route's code on its first request. Production
// servers are warm, so before timing the cold *list* the bench serves the pages and the
// transactions route once in test mode: code loaded, the live list still untouched.
import type { Browser } from "@playwright/test";
import { DASHBOARD_URL } from "./config";
import { signInContext } from "./session";

export async function warmUp(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  try {
    // Test mode, whose list is the simulator's small test seed.
    await signInContext(context, "test");
    const page = await context.newPage();
    await page.goto(`${DASHBOARD_URL}/transactions`);
    await page.getByTestId("tx-row").first().waitFor({ timeout: 60_000 });
  } finally {
    await context.close();
  }
}
