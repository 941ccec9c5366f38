// Spec §8, Nigeria. Decimal strings: money is never a JS number.
export const NGN_PAYOUT_LIMITS = { min: "500", max: "5000000" } as const;
/** Checked by the service when an inbound credit settles, not when the account is created. */
export const NGN_PAYIN_LIMITS = { min: "100", max: "5000000" } as const;
export const NGN_DECIMALS = 2;
