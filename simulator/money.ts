// Money as integer minor units (BigInt). Amount strings are parsed strictly
// and formatted with the currency's fixed number of decimals.

const DECIMALS: Record<string, number> = {
  BDT: 2,
  BRL: 2,
  NGN: 2,
  INR: 2,
  EUR: 2,
  GBP: 2,
  USD: 2,
  USDT: 6,
  USDC: 6,
  PYUSD: 6,
  "PYUSD-USDC": 6,
};

export function decimalsOf(currency: string): number {
  return DECIMALS[currency] ?? 2;
}

const POW10: bigint[] = [];
for (let i = 0; i <= 18; i++) POW10.push(10n ** BigInt(i));
function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** Largest integer part accepted on input (12 digits): keeps every amount sane. */
const AMOUNT_RE = /^(0|[1-9][0-9]{0,11})(?:\.([0-9]+))?$/;

export type ParsedAmount = { ok: true; minor: bigint } | { ok: false; message: string };

/** Parse a decimal string with at most `decimals` fraction digits into minor units. */
export function parseAmount(value: unknown, decimals: number): ParsedAmount {
  if (typeof value !== "string") return { ok: false, message: "must be a decimal string" };
  const m = AMOUNT_RE.exec(value);
  if (!m) return { ok: false, message: 'must be a positive decimal string such as "100.00"' };
  const frac = m[2] ?? "";
  if (frac.length > decimals) return { ok: false, message: `must have at most ${decimals} decimals` };
  const minor = BigInt(m[1] ?? "0") * pow10(decimals) + BigInt((frac + "0".repeat(decimals)).slice(0, decimals) || "0");
  if (minor <= 0n) return { ok: false, message: "must be greater than 0" };
  return { ok: true, minor };
}

/** Format minor units with exactly `decimals` fraction digits. */
export function formatMinor(minor: bigint, decimals: number): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  if (decimals === 0) return (neg ? "-" : "") + abs.toString();
  const p = pow10(decimals);
  const int = abs / p;
  const frac = (abs % p).toString().padStart(decimals, "0");
  return `${neg ? "-" : ""}${int}.${frac}`;
}

export function fmt(minor: bigint, currency: string): string {
  return formatMinor(minor, decimalsOf(currency));
}

/** amount × bps / 10,000, rounded half up (amounts are never negative here). */
export function feeBps(minor: bigint, bps: number): bigint {
  return (minor * BigInt(bps) + 5000n) / 10000n;
}

/** Convert between decimal scales (floor). */
export function divFloor(a: bigint, b: bigint): bigint {
  return a / b;
}

/** The fraction part of an amount in minor units equals .13 (the failure trigger). */
export function endsIn13(minor: bigint, decimals: number): boolean {
  if (decimals < 2) return false;
  const fracDigits = pow10(decimals);
  const frac = minor % fracDigits;
  // ".13" exactly: the fraction is 13 × 10^(decimals-2)
  return frac === 13n * pow10(decimals - 2);
}
