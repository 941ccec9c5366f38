import { test as base, expect, type Page } from "@playwright/test";
import type { Role } from "../lib/permissions";
import { useDemoSession } from "./demo-staff";
import { BFF_HEADERS } from "./env";
import { watchForLeaks, type LeakReport } from "./leak-watch";
import { simulatorControl } from "./simulator";

export { BFF_HEADERS };

type Fixtures = {
  /** Every response of every test is scanned for the sentinel key and secret (auto). */
  leaks: LeakReport;
  sim: ReturnType<typeof simulatorControl>;
  signInAs: (role: Role) => Promise<void>;
  /** The step-up dialog ("Confirm it is you"), answered with `code`: the action it interrupted then goes on. */
  answerStepUp: (code: string | Promise<string>) => Promise<void>;
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

  // The role's demo user, signed in with a password and a real code through the BFF once per
  // run and reused from its stored state (e2e/demo-staff.ts); the auth specs cover the forms.
  signInAs: async ({ page }, provide) => {
    await provide((role) => useDemoSession(page, role));
  },

  answerStepUp: async ({ page }, provide) => {
    await provide(async (code) => {
      const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
      await dialog.getByLabel("Code").fill(await code);
      await dialog.getByRole("button", { name: "Confirm" }).click();
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

/**
 * Once React owns the page (the header's mode switch is enabled only by the browser's JS, never in
 * the server's HTML) and the effects of that render have had a frame to start their reads. A "the
 * browser asked for nothing" assertion made before it could pass only because the page's scripts
 * had not run yet.
 */
export async function afterHydration(page: Page): Promise<void> {
  await expect(page.getByRole("group", { name: "Mode" }).getByRole("button").first()).toBeEnabled();
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
