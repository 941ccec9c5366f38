import "server-only";
import { MARKET_INFO, type Market } from "@/lib/rails";

// The money-write kinds: one per upstream endpoint that moves
// money or provisions something (the ledger's `rail` column). The names are also the Idempotency-Key scopes; they
// keep the scopes the console used before the pipeline, so a write retried across
// the upgrade keeps its key.
/** @internal */
export const WRITE_KINDS = [
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

export type WriteKind = (typeof WRITE_KINDS)[number];

/** The market each rail moves money in. */
const KIND_MARKET: Record<WriteKind, Market> = {
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
export function liveOnlyMarketOf(rail: WriteKind): Market | null {
  const market = KIND_MARKET[rail];
  return MARKET_INFO[market].liveOnly ? market : null;
}
