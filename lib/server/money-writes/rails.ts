import "server-only";

// The money-write rails: one per upstream endpoint that moves
// money or provisions something. The names are also the Idempotency-Key scopes; they
// keep the scopes the console used before the pipeline, so a write retried across
// the upgrade keeps its key.
export const WRITE_RAILS = [
  "ngn-payout",
  "bangladesh-payout",
  "brazil-payout",
  "europe-payout",
  "europe-approve",
  "bangladesh-payin",
  "brazil-payin",
  "india-payin",
  "europe-payin",
  "pyusd-payin",
  "ngn-va",
] as const;

export type WriteRail = (typeof WRITE_RAILS)[number];
