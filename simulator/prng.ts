// Seeded PRNG (sfc32 fed by a splitmix32 expansion of the seed) and id helpers.

export type Rng = {
  /** unsigned 32-bit integer */
  u32(): number;
  /** float in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A string seed ("42:live:ids") or a number → a deterministic generator. */
export function createRng(seed: number | string): Rng {
  let h = 2166136261;
  const s = String(seed);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  const mix = splitmix32(h);
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const u32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) u32();
  const next = () => u32() / 4294967296;
  return {
    u32,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  };
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `len` characters of Crockford base32 (six characters per 32-bit draw). */
export function randomBase32(rng: Rng, len: number): string {
  let out = "";
  while (out.length < len) {
    let bits = rng.u32();
    for (let i = 0; i < 6 && out.length < len; i++, bits >>>= 5) out += CROCKFORD[bits & 31];
  }
  return out;
}

/** `len` decimal digits (nine per 32-bit draw, near-uniform). */
export function randomDigits(rng: Rng, len: number): string {
  let out = "";
  while (out.length < len) out += String(rng.u32() % 1_000_000_000).padStart(9, "0");
  return out.slice(0, len);
}
