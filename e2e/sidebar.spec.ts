import { expect, test } from "./fixtures";

test("the sidebar prefetches a page when the reader points at its link, not every page after each load", async ({ page, signInAs }) => {
  await signInAs("admin");
  const prefetched: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"] !== undefined) prefetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/lookup");
  const settings = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" });
  // Hover until the hydrated link reacts (before hydration it is plain HTML).
  await expect(async () => {
    await page.mouse.move(0, 0);
    await settings.hover();
    expect(prefetched).toContain("/settings");
  }).toPass();
  // Every other sidebar link was in view since the page loaded; none of them was fetched.
  expect(new Set(prefetched)).toEqual(new Set(["/settings"]));
});
