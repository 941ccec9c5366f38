import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { NAV_ITEMS } from "../lib/permissions";
import { projectDistDir } from "../server/edge/dist-dir";
import { SENTINELS } from "./env";
import { expect, switchMode, test } from "./fixtures";

// Spec §1 rule 14: the dashboard never holds the API secret on the browser side. The build
// and both servers run with sentinel key/secret values; neither may reach the browser.
// Every other spec is watched the same way by the auto `leaks` fixture.

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

test("no sentinel in any file under .next/static or public (the transactions worker is built there)", async () => {
  // The build folder next.config.mjs names (NEXT_DIST_DIR, for local runs against a side build).
  const files = [
    ...(await filesUnder(path.join(process.cwd(), await projectDistDir(process.cwd()), "static"))),
    ...(await filesUnder(path.join(process.cwd(), "public"))),
  ];
  expect(files.length).toBeGreaterThan(0);
  expect(files.some((file) => file.endsWith(path.join("public", "_workers", "transactions.js")))).toBe(true);
  const leaks: string[] = [];
  for (const file of files) {
    const text = (await readFile(file)).toString("latin1");
    for (const needle of Object.values(SENTINELS)) if (text.includes(needle)) leaks.push(`${file}: ${needle}`);
  }
  expect(leaks).toEqual([]);
});

test("no sentinel in any response during a full signed-in tour (HTML, RSC, JSON)", async ({ page, signInAs, leaks }) => {
  await signInAs("admin");
  await page.goto("/");
  // Figures loaded means the dashboard signed upstream calls with the sentinel secret.
  await expect(page.getByTestId("pocket-BDT").getByTestId("available")).toBeVisible();

  for (const mode of ["live", "test"] as const) {
    await switchMode(page, mode);
    // Client-side navigation fetches RSC payloads rather than HTML.
    for (const item of NAV_ITEMS) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  }
  for (const api of ["/api/session", "/api/me", "/api/balances", "/api/health"]) {
    await page.goto(api);
  }

  expect(leaks.checked.html).toBeGreaterThan(0);
  expect(leaks.checked.rsc).toBeGreaterThan(0);
  expect(leaks.checked.json).toBeGreaterThan(0);
  expect(leaks.leaks).toEqual([]);
});
