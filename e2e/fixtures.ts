import { test as base, expect, type Page } from "@playwright/test";
import { CSRF_HEADERS } from "../lib/contracts/csrf";
import type { Role } from "../lib/permissions";
import { DASHBOARD_URL, PASSWORD, ROLE_EMAILS } from "./env";
import { watchForLeaks, type LeakReport } from "./leak-watch";
import { simulatorControl } from "./simulator";

export const BFF_HEADERS = { Origin: DASHBOARD_URL, ...CSRF_HEADERS };

type Fixtures = {
  /** Every response of every test is scanned for the sentinel key and secret (auto). */
  leaks: LeakReport;
  sim: ReturnType<typeof simulatorControl>;
  signInAs: (role: Role) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  leaks: [
    async ({ context }, provide) => {
      const report = await watchForLeaks(context);
      await provide(report);
      expect(report.leaks, "a sentinel key or secret reached the browser").toEqual([]);
    },
    { auto: true },
  ],

  sim: async ({ request }, provide) => {
    await provide(simulatorControl(request));
  },

  // Signs in through the real BFF route (sharing the page's cookie jar); the sign-in spec covers the form itself.
  signInAs: async ({ page }, provide) => {
    await provide(async (role) => {
      const response = await page.request.post("/api/auth/sign-in", {
        headers: BFF_HEADERS,
        data: { email: ROLE_EMAILS[role], password: PASSWORD },
      });
      expect(response.status(), `sign-in as ${role}`).toBe(200);
    });
  },
});

export { expect };

/** Switches mode through the header control, confirming the dialog when going live. */
export async function switchMode(page: Page, mode: "test" | "live"): Promise<void> {
  const mode_ = page.getByRole("group", { name: "Mode" });
  await mode_.getByRole("button", { name: mode === "live" ? "Live" : "Test" }).click();
  if (mode === "live") await page.getByRole("dialog").getByRole("button", { name: "Switch to live" }).click();
  await expect(mode_.getByRole("button", { name: mode === "live" ? "Live" : "Test" })).toHaveAttribute("aria-pressed", "true");
}
