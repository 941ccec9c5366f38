// Rails, markets and pockets as the spec (§1) defines them. Browser-safe.
export const MARKETS = ["bangladesh", "brazil", "india", "europe", "nigeria", "pyusd"] as const;
export type Market = (typeof MARKETS)[number];

export const RAILS = [...MARKETS, "internal", "unknown"] as const;
export type Rail = (typeof RAILS)[number];

export const POCKETS = ["BDT", "BRL", "USDT", "USDC", "NGN", "PYUSD-USDC"] as const;
export type Pocket = (typeof POCKETS)[number];

export type Environment = "test" | "live";

/** A value from outside (a URL, a database column) that names an environment. */
export const isEnvironment = (value: unknown): value is Environment => value === "test" || value === "live";

type MarketInfo = { label: string; pocket: Pocket; liveOnly: boolean };

export const MARKET_INFO: Record<Market, MarketInfo> = {
  bangladesh: { label: "Bangladesh", pocket: "BDT", liveOnly: false },
  brazil: { label: "Brazil", pocket: "BRL", liveOnly: false },
  india: { label: "India", pocket: "USDT", liveOnly: false },
  europe: { label: "Europe", pocket: "USDC", liveOnly: false },
  nigeria: { label: "Nigeria", pocket: "NGN", liveOnly: true }, // §1 rule 10
  pyusd: { label: "PYUSD", pocket: "PYUSD-USDC", liveOnly: true }, // §1 rule 10
};

const RAIL_LABELS: Record<Rail, string> = {
  bangladesh: "Bangladesh",
  brazil: "Brazil",
  india: "India",
  europe: "Europe",
  nigeria: "Nigeria",
  pyusd: "PYUSD",
  internal: "Internal",
  unknown: "Unknown",
};

function isRail(value: string): value is Rail {
  return (RAILS as readonly string[]).includes(value);
}

/** Prefer the API's own railLabel; this is the fallback for chips before data arrives. */
export function railLabel(rail: string): string {
  return isRail(rail) ? RAIL_LABELS[rail] : rail;
}

/** "PYUSD-USDC" is displayed "PYUSD USDC" (§1 table). */
export function pocketLabel(currency: string): string {
  return currency === "PYUSD-USDC" ? "PYUSD USDC" : currency;
}

export type MarketState = "enabled" | "not_enabled" | "live_only" | "paused";
