// A console write's masked summary as the browser reads it (browser-safe): support's search and a
// payment's story (issue 57). Never the whole account number: its bank and last 4 digits.
export type MaskedWriteSummary = {
  amount: string | null;
  currency: string | null;
  bankName: string | null;
  accountLast4: string | null;
  /** The NGN payout reference (`NGNP-…`) the API assigned. */
  payoutReference: string | null;
};
