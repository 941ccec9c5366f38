// Shared vocabulary of the simulator.

export type Env = "test" | "live";

export type Market = "bangladesh" | "brazil" | "india" | "europe" | "nigeria" | "pyusd";
export const MARKETS: readonly Market[] = ["bangladesh", "brazil", "india", "europe", "nigeria", "pyusd"];
export const LIVE_ONLY: readonly Market[] = ["nigeria", "pyusd"];

export type Rail = Market | "internal" | "unknown";
export const RAILS: readonly Rail[] = [...MARKETS, "internal", "unknown"];

export type TxType = "payin" | "payout";
export type Status = "pending" | "success" | "failed";

export type PocketCurrency = "BDT" | "BRL" | "USDT" | "USDC" | "NGN" | "PYUSD-USDC";
export const POCKET_OF: Record<Market, PocketCurrency> = {
  bangladesh: "BDT",
  brazil: "BRL",
  india: "USDT",
  europe: "USDC",
  nigeria: "NGN",
  pyusd: "PYUSD-USDC",
};
export const POCKETS: readonly PocketCurrency[] = MARKETS.map((m) => POCKET_OF[m]);
export function isPocketCurrency(c: string): c is PocketCurrency {
  return (POCKETS as readonly string[]).includes(c);
}

export const RAIL_LABEL: Record<Rail, string> = {
  bangladesh: "Bangladesh",
  brazil: "Brazil",
  india: "India",
  europe: "Europe",
  nigeria: "Nigeria",
  pyusd: "PYUSD",
  internal: "Internal",
  unknown: "Unknown",
};

/** Opening balance of each pocket, in minor units. */
export const OPENING_BALANCE: Record<PocketCurrency, bigint> = {
  BDT: 25_000_000n, // 250,000.00
  BRL: 4_000_000n, // 40,000.00
  USDT: 12_000_000_000n, // 12,000.000000
  USDC: 25_000_000_000n, // 25,000.000000
  NGN: 800_000_000n, // 8,000,000.00
  "PYUSD-USDC": 5_000_000_000n, // 5,000.000000
};

/** Platform fee per pay-in rail, in basis points. */
export const PAYIN_FEE_BPS: Record<Market, number> = {
  bangladesh: 250,
  brazil: 100,
  india: 300,
  europe: 150,
  nigeria: 100,
  pyusd: 50,
};
export const NGN_FEE_CAP = 200_000n; // 2,000.00 NGN

/** INR per 1 USDT, in minor units of INR ("88.50"). */
export const INR_PER_USDT = 8850n;
/** USDC per 1 EUR / GBP, two decimals. */
export const EUR_RATE: Record<"EUR" | "GBP", bigint> = { EUR: 108n, GBP: 127n };

export const DEFAULT_SCOPES = ["payin:create", "payout:create", "balance:read"];

export const MIN = 60_000;

/** Prefix of platformOrderId per rail. */
export const ORDER_PREFIX: Record<Rail, string> = {
  bangladesh: "BDP",
  brazil: "BRP",
  india: "INH",
  europe: "EUO",
  nigeria: "NGV",
  pyusd: "PYI",
  internal: "INT",
  unknown: "LEG",
};
