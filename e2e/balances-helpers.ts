import { expect, type Page } from "@playwright/test";
import { POCKETS } from "../lib/rails";

export type SimPocket = { available: string; pending: string };

/**
 * Pockets from GET /_sim/state: the simulator's own ground truth, not our BFF.
 * Accepts an array of balance items or a record keyed by currency.
 */
export function simPockets(state: unknown): Map<string, SimPocket> {
  const raw = (state as { pockets?: unknown }).pockets;
  const entries: [string, Record<string, unknown>][] = Array.isArray(raw)
    ? raw.map((item: Record<string, unknown>) => [String(item.currency), item])
    : Object.entries((raw ?? {}) as Record<string, Record<string, unknown>>);
  return new Map(
    entries
      // The simulator lists every pocket; only provisioned ones exist for the merchant.
      .filter(([, item]) => item.provisioned !== false)
      .map(([currency, item]) => [
        currency,
        { available: String(item.availableBalance ?? item.available), pending: String(item.pendingBalance ?? item.pending) },
      ]),
  );
}

/** The UI's figure with grouping removed, e.g. "250,000.00" → "250000.00"; the simulator normalises to the same decimals. */
async function figure(page: Page, pocket: string, which: "available" | "pending"): Promise<string> {
  const text = await page.getByTestId(`pocket-${pocket}`).getByTestId(which).innerText();
  return text.replace(/,/g, "");
}

/** Every pocket card matches the simulator: figures where a pocket exists, "not provisioned" (never 0) where not. */
export async function expectPocketsToMatch(page: Page, pockets: Map<string, SimPocket>): Promise<void> {
  await expect(page.getByTestId(`pocket-${POCKETS[0]}`)).toBeVisible();
  for (const pocket of POCKETS) {
    const card = page.getByTestId(`pocket-${pocket}`);
    const expected = pockets.get(pocket);
    if (expected) {
      await expect(card.getByTestId("available")).toBeVisible();
      expect(await figure(page, pocket, "available"), `${pocket} available`).toBe(expected.available);
      expect(await figure(page, pocket, "pending"), `${pocket} pending`).toBe(expected.pending);
    } else {
      await expect(card.getByTestId("pocket-unavailable"), `${pocket} has no pocket`).toBeVisible();
      await expect(card.getByTestId("available")).toHaveCount(0);
    }
  }
}
