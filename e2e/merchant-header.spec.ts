import { afterHydration, expect, test } from "./fixtures";

// The header names the merchant behind the keys (GET /v1/me through the BFF, lib/server/merchant.ts).

test("every page's first HTML names the merchant in the header, and the browser does not ask for it again", async ({ page, signInAs }) => {
  await signInAs("finance");
  // The server keeps one copy (lib/server/merchant.ts); a page whose render finds none waits for
  // the API only briefly. Asked once here, as the first page of a process would.
  expect((await page.request.get("/api/me")).ok()).toBe(true);
  const merchantReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/me") merchantReads.push(request.url());
  });
  for (const path of ["/", "/transactions", "/payouts", "/account"]) {
    const html = await (await page.request.get(path)).text();
    expect(html.includes('data-testid="merchant-identity"'), `${path}: the merchant in the first HTML`).toBe(true);
    expect(html.includes("Loading merchant details"), `${path}: no skeleton in the header`).toBe(false);
    await page.goto(path);
    await expect(page.getByTestId("merchant-identity"), path).toContainText("Simulated Merchant Ltd");
    await expect(page.getByTestId("merchant-identity"), path).toContainText("mer_sim_0001");
    await afterHydration(page);
  }
  expect(merchantReads).toEqual([]);
});
