// Exact sums of decimal strings without a Decimal per row: each amount is added as a
// BigInt of its own minor units (the string without its point), grouped by how many
// decimals it has; the groups meet once at the end (lib/decimal-string.ts). Amounts of up to 15
// digits are summed in a double first (exact for integers below 2^53) and flushed into
// the BigInt before the sum could lose a digit. At 100,000 rows this is ~6× faster than a
// Decimal per row, which keeps a filter change (totals, the per-day chart) near one frame.
// ScaledAmount and scaledText hold an amount as such an integer and its scale, for a store of a
// million amounts without a string each (docs/decisions/0156).
import { decimalOfUnits } from "@/lib/decimal-string";

/** Digit strings this short are integers a double holds exactly (2^53 has 16 digits). */
const SAFE_DIGITS = 15;
/** Flush the double into the BigInt before it could leave the exactly representable range. */
const FLUSH_AT = 2 ** 52;

export class ExactSum {
  /** The scale every amount so far had (the usual case: one currency, one scale), and its sum: small part in a double, the rest in a BigInt. */
  private scale = -1;
  private small = 0;
  private big = 0n;
  /** Sums of amounts with another scale, keyed by scale; rare. */
  private others: Map<number, bigint> | null = null;

  add(amount: string): void {
    const dot = amount.indexOf(".");
    const scale = dot === -1 ? 0 : amount.length - dot - 1;
    const digits = dot === -1 ? amount : amount.slice(0, dot) + amount.slice(dot + 1);
    if (this.scale === -1) this.scale = scale;
    if (scale !== this.scale) {
      this.others ??= new Map();
      this.others.set(scale, (this.others.get(scale) ?? 0n) + BigInt(digits));
    } else if (digits.length <= SAFE_DIGITS) {
      // Integer addition in a double is exact while every operand and the sum stay below 2^53.
      this.small += Number(digits);
      if (this.small >= FLUSH_AT || this.small <= -FLUSH_AT) this.flush();
    } else {
      this.big += BigInt(digits);
    }
  }

  /** An independent copy: adding to either leaves the other as it was. */
  clone(): ExactSum {
    const copy = new ExactSum();
    copy.scale = this.scale;
    copy.small = this.small;
    copy.big = this.big;
    copy.others = this.others && new Map(this.others);
    return copy;
  }

  private flush(): void {
    this.big += BigInt(this.small);
    this.small = 0;
  }

  /** The exact sum as a plain decimal string ("0" when nothing was added). */
  toString(): string {
    if (this.scale === -1) return "0";
    this.flush();
    let scale = this.scale;
    for (const other of this.others?.keys() ?? []) scale = Math.max(scale, other);
    // Every group in units of the finest scale, so they add as BigInts.
    const at = (units: bigint, from: number) => units * 10n ** BigInt(scale - from);
    let total = at(this.big, this.scale);
    for (const [from, units] of this.others ?? []) total += at(units, from);
    return decimalOfUnits(total, scale);
  }
}

/**
 * Reads an amount as an exact scaled integer: `units` (its digits without the point, signed) and
 * `scale` (its decimals as written: "100.50" is 10050 and 2). `read` accepts only a text that
 * scaledText writes back byte for byte (at most 15 digits, no leading zero, no "-0", no sign "+"
 * or exponent); the caller keeps any other text as it is. One reader serves many reads, no
 * object made per amount.
 */
export class ScaledAmount {
  units = 0;
  scale = 0;

  read(text: string): boolean {
    const negative = text.charCodeAt(0) === 45;
    let units = 0;
    let digits = 0;
    let scale = -1;
    for (let at = negative ? 1 : 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === 46) {
        if (scale !== -1 || digits === 0) return false;
        scale = 0;
        continue;
      }
      const digit = code - 48;
      // Not a digit, or a digit after a leading "0" of the integer part.
      if (digit < 0 || digit > 9 || (digits === 1 && units === 0 && scale === -1)) return false;
      units = units * 10 + digit;
      digits++;
      if (scale !== -1) scale++;
    }
    if (digits === 0 || digits > SAFE_DIGITS || scale === 0 || (negative && units === 0)) return false;
    this.units = negative ? -units : units;
    this.scale = scale === -1 ? 0 : scale;
    return true;
  }
}

/** Powers of ten a scale reaches (at most 15 digits are read). */
const POW10 = Array.from({ length: SAFE_DIGITS + 1 }, (_, i) => 10 ** i);

/**
 * The amount `units` × 10^-scale as ScaledAmount read it: every decimal written ("100.50", "0.05",
 * "-3"). Whole and fraction as two small integers, which convert faster than one large one.
 */
export function scaledText(units: number, scale: number): string {
  const negative = units < 0;
  const abs = negative ? -units : units;
  if (scale === 0) return negative ? `-${abs}` : String(abs);
  const pow = POW10[scale]!;
  let whole = Math.floor(abs / pow);
  // The division rounds to nearest: one below a multiple of pow can land on it.
  if (whole * pow > abs) whole--;
  const fraction = String(abs - whole * pow);
  const padded = fraction.length === scale ? fraction : "0".repeat(scale - fraction.length) + fraction;
  return `${negative ? "-" : ""}${whole}.${padded}`;
}
