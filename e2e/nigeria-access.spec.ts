import { BFF_HEADERS, expect, test } from "./fixtures";
import { useLiveMode } from "./nigeria-helpers";

const WIZARD_CALLS = [
  { method: "get", path: "/api/nigeria/banks?search=gua" },
  { method: "post", path: "/api/nigeria/verify-account", data: { bankCode: "058", accountNumber: "0123456789" } },
  {
    method: "post",
    path: "/api/nigeria/payouts",
    data: {
      amount: "1000",
      merchantReference: "NGN-X",
      beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "A", bankName: "B" },
      beneficiaryToken: "t",
    },
  },
  { method: "get", path: "/api/nigeria/payouts/lookup?reference=NGN-X" },
  { method: "post", path: "/api/nigeria/virtual-account", data: {} },
] as const;

for (const role of ["support", "viewer"] as const) {
  test(`${role} can neither open the payout wizard nor call its BFF routes`, async ({ page, signInAs }) => {
    await signInAs(role);
    await useLiveMode(page);
    const wizard = await page.goto("/nigeria/payouts/new");
    expect(wizard?.status()).toBe(404);
    for (const call of WIZARD_CALLS) {
      const response =
        call.method === "get"
          ? await page.request.get(call.path)
          : await page.request.post(call.path, { headers: BFF_HEADERS, data: "data" in call ? call.data : {} });
      expect(response.status(), `${call.method} ${call.path}`).toBe(403);
      expect((await response.json()).error.code).toBe("forbidden");
    }

    const list = await page.goto("/nigeria/payouts");
    if (role === "viewer") {
      // Viewers see the payout pages, without the action.
      expect(list?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Nigeria payouts" })).toBeVisible();
      await expect(page.getByRole("link", { name: "New payout" })).toHaveCount(0);
    } else {
      expect(list?.status()).toBe(404);
      expect((await page.request.get("/api/nigeria/payouts")).status()).toBe(403);
    }
  });
}

test("finance sees the New payout action", async ({ page, signInAs }) => {
  await signInAs("finance");
  await useLiveMode(page);
  await page.goto("/nigeria/payouts");
  await page.getByRole("link", { name: "New payout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Nigeria payout" })).toBeVisible();
});
