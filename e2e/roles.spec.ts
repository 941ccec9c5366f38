import { can, navFor, NAV_ITEMS, ROLES } from "../lib/permissions";
import { expect, test } from "./fixtures";

for (const role of ROLES) {
  test(`${role} sees only its pages and gets 403 from the BFF for the rest`, async ({ page, signInAs }) => {
    await signInAs(role);
    const allowed = navFor(role);

    await page.goto("/");
    // Support has no balances: it lands on its first page instead of the overview.
    await expect(page).toHaveURL(new RegExp(`${allowed[0]?.href ?? "/"}$`));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(allowed.map((item) => item.label));

    for (const item of NAV_ITEMS) {
      const response = await page.goto(item.href);
      if (can(role, item.permission)) {
        expect(response?.status(), item.href).toBe(200);
        // The page itself, not the 404 that stands in for a page the role may not use.
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toHaveCount(0);
      } else if (item.href !== "/") {
        expect(response?.status(), item.href).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      }
    }

    const balances = await page.request.get("/api/balances");
    expect(balances.status()).toBe(can(role, "balances:read") ? 200 : 403);
    if (!can(role, "balances:read")) expect((await balances.json()).error.code).toBe("forbidden");
  });
}
