// Browser-safe, and without zod: the §8 bounds, which the forms print in their hints with
// the page, while the schemas that enforce them (./bangladesh.ts, ./brazil.ts, ./nigeria.ts)
// load only when a form is used (./load.ts). Decimal strings: money is never a JS number.

/** §8: the only Bangladesh bounds the spec gives are the pay-in's. */
export const BANGLADESH_PAYIN_LIMITS = { min: "200", max: "25000", currency: "BDT" } as const;

/** §8: PIX pay-ins only; Brazil payouts have no bounds in the spec. */
export const PIX_PAYIN_LIMITS = { min: "10.00", max: "15000.00", currency: "BRL" } as const;

/** §8 payout bounds. */
export const NGN_PAYOUT_LIMITS = { min: "500", max: "5000000", currency: "NGN" } as const;
/** §8: checked by the service when an inbound credit settles, not when the account is created. */
export const NGN_PAYIN_LIMITS = { min: "100", max: "5000000", currency: "NGN" } as const;

/**
 * Our cap on a bank search (§4.6 gives none; bank names are far shorter): the schema refuses a longer
 * one and the wizard's input stops at it, so a pasted text is cut where it is typed, not refused unseen.
 */
export const NGN_BANK_SEARCH_MAX = 60;
