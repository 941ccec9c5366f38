import "server-only";
import { MARKET_INFO, type Market } from "@/lib/rails";

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

/** The market each rail moves money in. */
const RAIL_MARKET: Record<WriteRail, Market> = {
  "ngn-payout": "nigeria",
  "bangladesh-payout": "bangladesh",
  "brazil-payout": "brazil",
  "europe-payout": "europe",
  "europe-approve": "europe",
  "bangladesh-payin": "bangladesh",
  "brazil-payin": "brazil",
  "india-payin": "india",
  "europe-payin": "europe",
  "pyusd-payin": "pyusd",
  "ngn-va": "nigeria",
};

/** The market of a rail that test keys can never use (§5 rule 10: always 503), or null. */
export function liveOnlyMarketOf(rail: WriteRail): Market | null {
  const market = RAIL_MARKET[rail];
  return MARKET_INFO[market].liveOnly ? market : null;
}
