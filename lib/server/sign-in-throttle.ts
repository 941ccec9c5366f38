import "server-only";
import { isIPv6 } from "node:net";
import { db } from "./db/app";
import { env } from "./env";
import { withKeyedLock } from "./keyed-lock";
import { createThrottle, type Throttle } from "./throttle";

// Who may try a password or a second-factor code now, so that knowing a staff email is not enough
// to lock its owner out: delays per (email, address) and per address, a daily ceiling per email,
// a tighter one for codes, and each try read, checked and recorded as one step. The rules and their
// numbers: docs/decisions/0121-sign-in-throttle-rules.md.

export type AttemptKind = "password" | "code";

const DAY_SECONDS = 24 * 60 * 60;
const CODE_CEILING = 10;

type Throttles = { pair: Throttle; address: Throttle; email: Throttle };
const cached = new Map<AttemptKind, Throttles>();

function throttles(kind: AttemptKind): Throttles {
  const existing = cached.get(kind);
  if (existing) return existing;
  const { freeAttempts, maxAttemptsPerIp, maxDelaySeconds, windowSeconds, emailCeiling } = env().signIn;
  const delays = { windowSeconds, baseLockoutSeconds: 1, maxLockoutSeconds: maxDelaySeconds };
  const created: Throttles = {
    pair: createThrottle(db(), { scope: `${kind}:email_address`, maxAttempts: freeAttempts, ...delays }),
    address: createThrottle(db(), { scope: `${kind}:address`, maxAttempts: maxAttemptsPerIp, ...delays }),
    email:
      kind === "password"
        ? createThrottle(db(), {
            scope: "password:email",
            maxAttempts: emailCeiling,
            windowSeconds: DAY_SECONDS,
            baseLockoutSeconds: 15 * 60,
          })
        : createThrottle(db(), { scope: "code:email", maxAttempts: CODE_CEILING, windowSeconds, baseLockoutSeconds: 30 }),
  };
  cached.set(kind, created);
  return created;
}

const pairKey = (email: string, address: string) => `${email} ${address}`;

/**
 * The address as the throttles count it. An IPv6 host picks its address from the /64 its network
 * was given (2^64 of them, one subscriber's or one server's), so counted address by address one
 * machine could rotate through new ones past every per-address rule: IPv6 counts per /64. IPv4,
 * and IPv4 carried in IPv6 (::ffff:a.b.c.d), count per address.
 * @internal
 */
export function throttledAddress(address: string): string {
  const bare = address.replace(/%.*$/, "").toLowerCase();
  if (!isIPv6(bare)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

async function waitsFor(kind: AttemptKind, email: string, address: string): Promise<{ slowed: number; ceiling: number }> {
  const { pair, address: byAddress, email: byEmail } = throttles(kind);
  const [byPair, fromAddress, ceiling] = await Promise.all([
    pair.retryAfter(pairKey(email, address)),
    byAddress.retryAfter(address),
    byEmail.retryAfter(email),
  ]);
  return { slowed: Math.max(byPair, fromAddress), ceiling };
}

/** How often one address's tries refused unchecked (still waiting) reach the audit trail: once a minute, per instance. */
const THROTTLED_AUDIT_INTERVAL_MS = 60_000;
/** Addresses remembered for it at most; past that the ones whose minute is over are forgotten. */
const THROTTLED_AUDIT_MEMORY = 10_000;
const throttledAudited = new Map<string, number>();

/**
 * Whether a try refused before it was checked (its address or email still waiting) goes into the
 * audit trail. Each such entry takes the trail's one lock, which money writes wait on too, and
 * costs the sender nothing (no password is checked): a script sending them in a loop appended an
 * entry per request for 400 days. The checked failures that caused the wait are all in the trail;
 * of the refused tries, the first from an address each minute is.
 */
export function auditsThrottledTry(kind: AttemptKind, address: string, now = Date.now()): boolean {
  const key = `${kind} ${throttledAddress(address)}`;
  const until = throttledAudited.get(key);
  if (until !== undefined && until > now) return false;
  if (throttledAudited.size >= THROTTLED_AUDIT_MEMORY) {
    for (const [other, otherUntil] of throttledAudited) if (otherUntil <= now) throttledAudited.delete(other);
    // Still full: every address is within its minute. Say it rather than grow without bound.
    if (throttledAudited.size >= THROTTLED_AUDIT_MEMORY) return false;
  }
  throttledAudited.set(key, now + THROTTLED_AUDIT_INTERVAL_MS);
  return true;
}

export function attemptThrottle(kind: AttemptKind) {
  const net = throttledAddress;
  return {
    /** Runs a try (the wait, the check, the record) with no other try of this email or from this address in between. */
    exclusive<T>(email: string, address: string, attempt: () => Promise<T>): Promise<T> {
      return withKeyedLock([`${kind}:email:${email}`, `${kind}:address:${net(address)}`], attempt);
    },
    /**
     * Seconds to wait before this try may be checked (0: now): `slowed` by the delays per email
     * and address and per address, `ceiling` by the per-email ceiling.
     */
    waits: (email: string, address: string) => waitsFor(kind, email, net(address)),
    /** Seconds to wait before this try may be checked, every rule applying (0: now). */
    async wait(email: string, address: string): Promise<number> {
      const { slowed, ceiling } = await waitsFor(kind, email, net(address));
      return Math.max(slowed, ceiling);
    },
    /**
     * A wrong try. `againstCeiling: false`: one the ceiling answered, which does not extend the
     * ceiling itself, or one from a trusted device, which counts against that device instead
     * (device-cookie.ts).
     */
    async failed(email: string, address: string, { againstCeiling = true }: { againstCeiling?: boolean } = {}): Promise<void> {
      const { pair, address: byAddress, email: byEmail } = throttles(kind);
      await Promise.all([
        pair.recordFailure(pairKey(email, net(address))),
        byAddress.recordFailure(net(address)),
        againstCeiling ? byEmail.recordFailure(email) : undefined,
      ]);
    },
    /**
     * The per-email ceiling's count, for a key only the right code can clear: a step-up session's
     * (second-factor/spend-code.ts). An account's ceiling is never cleared this way.
     */
    async forgetCeiling(key: string): Promise<void> {
      await throttles(kind).email.reset(key);
    },
    /** Only this email's counters from this address: one good account must not clear an address guessing others. */
    async succeeded(email: string, address: string): Promise<void> {
      await throttles(kind).pair.reset(pairKey(email, net(address)));
    },
  };
}
