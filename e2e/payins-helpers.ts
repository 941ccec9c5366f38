import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { SIMULATOR_URL } from "./env";

// Shared by the region pay-in, payout and approval specs: form filling and the simulator's ground truth.

export type SimEnv = "test" | "live";
type SimRow = { id: string; type: string; rail: string; status: string; amount: string; currency: string };

export async function simRows(
  request: APIRequestContext,
  env: SimEnv,
  filter: { type: "payin" | "payout"; rail: string },
): Promise<SimRow[]> {
  const response = await request.get(`${SIMULATOR_URL}/_sim/transactions?env=${env}`);
  const body = (await response.json()) as { items: SimRow[] };
  return body.items.filter((row) => row.type === filter.type && row.rail === filter.rail);
}

export async function simPayouts(
  request: APIRequestContext,
  env: SimEnv,
  rail: string,
): Promise<{ transactionId: string; merchantReference?: string; status: string }[]> {
  const response = await request.get(`${SIMULATOR_URL}/_sim/payouts?env=${env}&rail=${rail}`);
  return ((await response.json()) as { items: { transactionId: string; merchantReference?: string; status: string }[] }).items;
}

/** Fills inputs and selects by their exact label. */
export async function fillFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((node) => node.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** Opens the review dialog and checks it shows the fields exactly as they will be sent. */
export async function openReview(page: Page, button: string, expected: Record<string, string>): Promise<void> {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  for (const [field, value] of Object.entries(expected)) await expect(dialog.locator(`[data-field="${field}"]`)).toHaveText(value);
}

/** Confirms with a double click: the exactly-once checks rely on it. */
export async function confirmTwice(page: Page, label: string): Promise<void> {
  await page.getByRole("dialog").getByRole("button", { name: label }).dblclick();
}

export const BANGLADESH_PAYIN = {
  "Amount (BDT)": "500",
  Wallet: "NAGAD",
  "Return URL": "https://shop.example/return",
  "Customer name": "Rahim Uddin",
  "Customer email": "rahim@example.com",
  "Customer phone": "+8801700000000",
  "Customer device ID": "device-42",
  "Goods description": "Order 42",
};

export const EUROPE_PAYIN = { Amount: "250.00", Currency: "EUR", "Customer name": "Eva Muster", "Customer email": "eva@example.com" };
