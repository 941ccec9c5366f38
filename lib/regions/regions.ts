// Which regions the "request a payment" and payout pages cover, and their
// pockets. Browser-safe. Nigeria has its own pages (features/nigeria).
import { MARKET_INFO, type Market, type Pocket } from "@/lib/rails";

export const PAYIN_REGIONS = ["bangladesh", "brazil", "india", "europe", "pyusd"] as const satisfies readonly Market[];
export type PayinRegion = (typeof PAYIN_REGIONS)[number];

export const PAYOUT_REGIONS = ["bangladesh", "brazil", "europe"] as const satisfies readonly Market[];
export type PayoutRegion = (typeof PAYOUT_REGIONS)[number];

export function isPayinRegion(value: string): value is PayinRegion {
  return (PAYIN_REGIONS as readonly string[]).includes(value);
}

export function isPayoutRegion(value: string): value is PayoutRegion {
  return (PAYOUT_REGIONS as readonly string[]).includes(value);
}

/**
 * The pocket each payout debits. The spec does not say for Bangladesh and
 * Brazil (docs/decisions/0022-payout-pockets-bdt-brl-and-usdc-for-europe.md):
 * BDT and BRL, as the simulator does. Europe sends EUR but debits USDC (§1),
 * never PYUSD-USDC (§1 rule 4).
 */
export const PAYOUT_DEBIT_POCKET: Record<PayoutRegion, Pocket> = { bangladesh: "BDT", brazil: "BRL", europe: "USDC" };

/** The pocket a settled pay-in credits (§1 table). */
export const PAYIN_CREDIT_POCKET: Record<PayinRegion, Pocket> = {
  bangladesh: "BDT",
  brazil: "BRL",
  india: "USDT",
  europe: "USDC",
  pyusd: "PYUSD-USDC",
};

/**
 * "Request an India payment", "Request a Brazil payment": the page's and the review's title.
 * The article follows the sound, not the letter: "a Europe payment" ("eu" is said "you").
 */
export function requestPaymentTitle(label: string): string {
  return `Request ${/^(?!eu)[aeio]/i.test(label) ? "an" : "a"} ${label} payment`;
}

/** "Brazil payment", "Europe payout": a status page's title, and how its states name the record. */
export function recordNoun(kind: "payment" | "payout", region: PayinRegion | PayoutRegion): string {
  return `${MARKET_INFO[region].label} ${kind}`;
}
