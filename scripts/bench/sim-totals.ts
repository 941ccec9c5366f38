// The simulator's own totals per currency and status for the live list (GET /_sim/totals): what
// the page must show before a load counts as done (issue 21).
import { SIMULATOR_URL } from "./config";

export type ExpectedTotal = { currency: string; status: string; count: number; payins: string; payouts: string };

export async function simTotals(): Promise<ExpectedTotal[]> {
  const response = await fetch(`${SIMULATOR_URL}/_sim/totals?env=live&by=status`);
  if (!response.ok) throw new Error(`/_sim/totals answered ${response.status}`);
  return ((await response.json()) as { items: ExpectedTotal[] }).items;
}
