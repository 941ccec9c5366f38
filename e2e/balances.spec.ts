import { POCKETS } from "../lib/rails";
import { expectPocketsToMatch, simPockets } from "./balances-helpers";
import { DASHBOARD_URL } from "./env";
import { expect, switchMode, test } from "./fixtures";

// These specs read and change the one shared simulator: fresh state each, one at a time.
test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ sim }) => {
  await sim.reset();
});

test("balances show every pocket separately with the simulator's figures, in both modes", async ({ page, signInAs, sim }) => {
  await signInAs("finance");
  await page.goto("/");

  await expectPocketsToMatch(page, simPockets(await sim.state("test")));
  await switchMode(page, "live");
  await expectPocketsToMatch(page, simPockets(await sim.state("live")));

  // Never a total across currencies (§1 rule 3).
  await expect(page.getByText(/total/i)).toHaveCount(0);
  // PYUSD USDC is its own pocket, distinct from Europe's USDC, and says EUR payouts cannot spend it.
  const pyusd = page.getByTestId("pocket-PYUSD-USDC");
  await expect(pyusd.getByRole("heading", { name: "PYUSD USDC" })).toBeVisible();
  await expect(pyusd).toContainText("EUR payouts cannot spend it");
  await expect(page.getByTestId("pocket-USDC").getByRole("heading", { name: "USDC", exact: true })).toBeVisible();
});

test("the test/live switch changes the data shown", async ({ page, signInAs, sim }) => {
  await signInAs("viewer");
  await page.goto("/");
  const bdt = page.getByTestId("pocket-BDT").getByTestId("available");
  const banner = page.getByTestId("test-mode-banner");

  const testBdt = simPockets(await sim.state("test")).get("BDT");
  const liveBdt = simPockets(await sim.state("live")).get("BDT");
  expect(testBdt?.available).not.toBe(liveBdt?.available);

  await expect(banner).toBeVisible();
  await expect(bdt).toHaveText(formatGrouped(testBdt?.available));
  await expect(page.getByTestId("pocket-NGN")).toContainText("Live only");

  await switchMode(page, "live");
  await expect(banner).toHaveCount(0);
  // Live has its own banner: nobody moves real money thinking it is a test.
  await expect(page.getByTestId("live-mode-banner")).toContainText("Money you move here is real");
  await expect(bdt).toHaveText(formatGrouped(liveBdt?.available));
  await expect(page.getByTestId("pocket-NGN").getByTestId("available")).toBeVisible();

  // The session holds the mode: a reload stays live.
  await page.reload();
  await expect(bdt).toHaveText(formatGrouped(liveBdt?.available));
  await expect(banner).toHaveCount(0);

  await switchMode(page, "test");
  await expect(banner).toBeVisible();
  await expect(bdt).toHaveText(formatGrouped(testBdt?.available));
});

test("a market that is not approved shows as not enabled, and enabled once approved", async ({ page, signInAs, sim }) => {
  await signInAs("admin");
  await page.goto("/");
  await switchMode(page, "live");

  const brazil = page.getByTestId("market-brazil");
  await expect(brazil).toHaveAttribute("data-state", "not_enabled");
  await expect(brazil).toContainText("Not enabled");
  await expect(brazil).toContainText("must complete market approval");
  const brl = page.getByTestId("pocket-BRL");
  await expect(brl).toContainText("Not enabled");
  await expect(brl.getByTestId("available")).toHaveCount(0);

  await sim.setMarket("live", "brazil", true);
  await page.reload();
  await expect(brazil).toHaveAttribute("data-state", "enabled");
  await expect(brl.getByTestId("available")).toBeVisible();
});

test("in test mode Nigeria and PYUSD show live only, whatever the pockets say", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/");
  for (const market of ["nigeria", "pyusd"]) {
    await expect(page.getByTestId(`market-${market}`)).toHaveAttribute("data-state", "live_only");
  }
  for (const market of ["bangladesh", "brazil", "india", "europe"]) {
    await expect(page.getByTestId(`market-${market}`)).toHaveAttribute("data-state", "enabled");
  }
});

test("an upstream failure of the balances leaves the rest of the page usable", async ({ page, signInAs, sim }) => {
  await signInAs("viewer");
  // Enough failures to outlast every retry (the payments client's and the query client's).
  await sim.failNext(1000, 500, "/v1/balance");
  await page.goto("/");

  await expect(page.getByText("Balances could not be loaded.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Markets could not be loaded.")).toBeVisible();
  // Other widgets and the navigation still work.
  await expect(page.getByTestId("merchant-identity")).toBeVisible();
  await expect(page.getByTestId("pocket-BDT")).toHaveCount(0);

  await sim.clearFaults();
  await page.getByRole("button", { name: "Try again" }).first().click();
  await expect(page.getByTestId("pocket-BDT").getByTestId("available")).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
});

test("the overview's first HTML already has every pocket card and market, with no skeleton", async ({ page, signInAs, sim, browser }) => {
  await signInAs("viewer");
  const html = await (await page.request.get("/")).text();
  const pockets = simPockets(await sim.state("test"));
  for (const pocket of POCKETS) {
    expect(html, `${pocket} card in the server HTML`).toContain(`data-testid="pocket-${pocket}"`);
  }
  expect(html).toContain(`data-testid="market-bangladesh"`);
  expect(html).toContain(formatGrouped(pockets.get("BDT")?.available));
  expect(html).not.toContain("Loading balances");
  expect(html).not.toContain("Loading markets");

  // Without JavaScript the page shows the same figures: they come from the server render.
  const noScript = await browser.newContext({
    baseURL: DASHBOARD_URL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const bare = await noScript.newPage();
    await bare.goto("/");
    await expectPocketsToMatch(bare, pockets);
    await expect(bare.getByTestId("market-brazil")).toHaveAttribute("data-state", "enabled");
  } finally {
    await noScript.close();
  }
});

test("support gets no balances from the overview's server render either", async ({ page, signInAs }) => {
  await signInAs("support");
  const response = await page.request.get("/", { maxRedirects: 0 });
  expect(response.status()).toBeGreaterThanOrEqual(300);
  expect(response.status()).toBeLessThan(400);
  expect(response.headers()["location"]).toMatch(/\/transactions$/);
  const html = await response.text();
  expect(html).not.toContain("pocket-");
  expect(html).not.toContain("Available");
});

/** "250000.00" → "250,000.00": grouping only, the digits stay the simulator's. */
function formatGrouped(value: string | undefined): string {
  if (value === undefined) throw new Error("the simulator has no such pocket");
  const [integer = "", fraction] = value.split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

test("the overview says when it fetched the balances, and Refresh balances reads them again", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/");
  await expect(page.getByText(/^Fetched \d{2}:\d{2}:\d{2}/)).toBeVisible();
  // Each card says when its pocket last moved, not "as of": an old time there is a quiet pocket.
  await expect(page.getByTestId("pocket-BDT").getByText(/^Last changed /)).toBeVisible();
  const fetched = page.getByText(/^Fetched /).locator("time");
  const before = await fetched.getAttribute("datetime");
  // A read started from here on: an answer to one started earlier (the first load, a refetch on focus)
  // cannot stand in for the click's. Bounded well inside the 60 s refetch interval, so a click that
  // starts nothing is not covered by the interval's read either.
  const read = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/balances", { timeout: 10_000 });
  await page.getByRole("button", { name: "Refresh balances" }).click();
  const answer = await (await read).response();
  expect(answer?.status()).toBe(200);
  const { asOf } = (await answer!.json()) as { asOf: string };
  expect(asOf).not.toBe(before);
  // The page now says the time of that read: the click's answer is the one shown.
  await expect(fetched).toHaveAttribute("datetime", new Date(asOf).toISOString());
  await expect(page.getByRole("button", { name: "Refresh balances" })).toBeEnabled();
});

// The BFF keeps a pocket it does not know
// (docs/decisions/0002-a-balance-pocket-is-named-by-currency.md); the page dropped it.
test("a pocket of a currency the console does not know is shown after the others, not dropped", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/");
  await expect(page.getByTestId("pocket-BDT")).toBeVisible();
  await page.route("/api/balances", async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as {
      pockets: { currency: string; label: string; available: string; pending: string; asOf: string }[];
    };
    body.pockets.push({ currency: "GHS", label: "GHS", available: "1234.50", pending: "0.00", asOf: new Date().toISOString() });
    await route.fulfill({ response: answer, json: body });
  });
  await page.getByRole("button", { name: "Refresh balances" }).click();
  const other = page.getByTestId("pocket-GHS");
  await expect(other).toContainText("A pocket this console does not know yet");
  await expect(other.getByTestId("available")).toHaveText("1,234.50");
});

// A tab still showing test refetched its balances (Refresh, the minute's interval, focus) after
// another tab switched the session to live, and showed live's pockets under the test banner.
test("a balance read from a tab that still shows test after another tab went live is refused, and the page catches up", async ({
  page,
  signInAs,
  sim,
}) => {
  await signInAs("finance");
  await page.goto("/");
  await expectPocketsToMatch(page, simPockets(await sim.state("test")));
  const other = await page.context().newPage();
  await other.goto("/");
  await switchMode(other, "live");
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();

  const read = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/balances", { timeout: 10_000 });
  await page.getByRole("button", { name: "Refresh balances" }).click();
  const refused = await read;
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("mode_changed");
  await expect(
    page.getByRole("status").filter({ hasText: "Your session was switched to live mode in another tab or window" }),
  ).toBeVisible();
  await expect(page.getByTestId("live-mode-banner")).toBeVisible();
  await expectPocketsToMatch(page, simPockets(await sim.state("live")));
  await other.close();
});
