import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { BFF_HEADERS } from "./fixtures";
import { SIMULATOR_URL } from "./env";

// Shared by the Nigeria specs: the simulator's ground truth and the wizard's steps.

export async function simPost(request: APIRequestContext, path: string, data: unknown): Promise<unknown> {
  const response = await request.post(`${SIMULATOR_URL}${path}`, { data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

export async function clearFaults(request: APIRequestContext): Promise<void> {
  await request.delete(`${SIMULATOR_URL}/_sim/faults`);
}

/** Live Nigeria payouts in the simulator with this merchantReference: the exactly-once check. */
export async function simPayoutsWithReference(
  request: APIRequestContext,
  reference: string,
): Promise<{ transactionId: string; amount: string }[]> {
  const response = await request.get(`${SIMULATOR_URL}/_sim/payouts?env=live&rail=nigeria`);
  const body = (await response.json()) as { items: { transactionId: string; merchantReference?: string; amount: string }[] };
  return body.items.filter((item) => item.merchantReference === reference);
}

export async function simNgnAvailable(request: APIRequestContext): Promise<string> {
  const state = (await (await request.get(`${SIMULATOR_URL}/_sim/state?env=live`)).json()) as { pockets: unknown };
  const pockets = Array.isArray(state.pockets)
    ? (state.pockets as { currency: string; availableBalance?: string; available?: string }[])
    : Object.entries(state.pockets as Record<string, { availableBalance?: string; available?: string }>).map(([currency, p]) => ({
        currency,
        ...p,
      }));
  const ngn = pockets.find((p) => p.currency === "NGN");
  if (!ngn) throw new Error("no NGN pocket in the simulator");
  return String(ngn.availableBalance ?? ngn.available);
}

/** The session's mode through the BFF (the header control is covered by the balances spec). */
export async function useLiveMode(page: Page): Promise<void> {
  const response = await page.request.put("/api/session/mode", { headers: BFF_HEADERS, data: { mode: "live" } });
  expect(response.status()).toBe(200);
}

export const GTB = { bankCode: "058", bankName: "Guaranty Trust Bank" };

/** The wizard opened, GTB chosen, and the account number typed (not yet looked up). */
export async function wizardAtAccountNumber(page: Page, accountNumber = "0123456789"): Promise<void> {
  await page.goto("/nigeria/payouts/new");
  await page.getByLabel("Search banks").fill("guaranty");
  await page.getByRole("radio", { name: GTB.bankName }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Account number (NUBAN)").fill(accountNumber);
}

/** Steps 1–3 of the wizard; returns the merchantReference shown at step 3. */
export async function fillWizard(
  page: Page,
  { accountNumber = "0123456789", amount }: { accountNumber?: string; amount: string },
): Promise<string> {
  await wizardAtAccountNumber(page, accountNumber);
  await page.getByRole("button", { name: "Look up account name" }).click();
  await expect(page.getByTestId("resolved-name")).toBeVisible();
  await page.getByRole("checkbox", { name: "This is the person or business I mean to pay" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("ngn-available")).not.toContainText("loading");
  await page.getByLabel("Amount (NGN)").fill(amount);
  const reference = await page.getByLabel("Merchant reference").inputValue();
  expect(reference).toMatch(/^NGN-\d{8}-[A-Z0-9]{8}$/);
  await page.getByRole("button", { name: "Review payout" }).click();
  await expect(page.getByRole("dialog", { name: "Review the payout" })).toBeVisible();
  return reference;
}

/** A beneficiary token from the BFF's own name enquiry, for direct route calls. */
export async function verifiedBeneficiary(page: Page, accountNumber = "0123456789", headers: Record<string, string> = BFF_HEADERS) {
  const response = await page.request.post("/api/nigeria/verify-account", {
    headers,
    data: { bankCode: GTB.bankCode, accountNumber },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { bankCode: string; bankName: string; accountNumber: string; accountName: string; token: string };
}

export function payoutBody(beneficiary: Awaited<ReturnType<typeof verifiedBeneficiary>>, amount: string, merchantReference: string) {
  const { token, ...fields } = beneficiary;
  return {
    amount,
    merchantReference,
    beneficiary: {
      accountNumber: fields.accountNumber,
      bankCode: fields.bankCode,
      accountName: fields.accountName,
      bankName: fields.bankName,
    },
    beneficiaryToken: token,
  };
}
