import "server-only";
import { isIPv6 } from "node:net";
import { db } from "./db/app";
import { env } from "./env";
import { withKeyedLock } from "./keyed-lock";
import { createThrottle, type Throttle } from "./throttle";

// Who may try a password or a second-factor code now (issue 19). The rules, so that knowing a
// staff email is not enough to lock its owner out:
//
// - Per (email, client address): SIGN_IN_FREE_ATTEMPTS (5) failures, then each further try
//   waits 1 s, doubling per failure, at most SIGN_IN_MAX_DELAY_SECONDS (30 s). Slowed, never
//   locked: the owner at their own desk is not held up by a stranger elsewhere.
// - Per client address, across emails: SIGN_IN_MAX_ATTEMPTS_PER_IP (20) failures, then the
//   same delays (one address guessing many accounts).
// - Per email, whatever the address: a ceiling, for accounts a password alone opens (no
//   second factor): SIGN_IN_EMAIL_CEILING (100) failures in 24 hours, then 15 minutes' wait,
//   doubling, up to the rest of the day. Why: many addresses each staying under the delays
//   could otherwise guess one password without end; 100 a day is NIST SP 800-63B's limit on
//   consecutive failures (§5.2.2), far below what guessing a 12-character password needs. The
//   cost, that a stranger can hold an account's password sign-in for the day, is met by the
//   device cookie (issue 54, device-cookie.ts): past the ceiling every try gets the same 429,
//   right password or wrong, whatever the account, unless it comes from a browser that signed in
//   to that account before with password and code, whose wrong passwords count against that
//   browser alone. From a new device the owner gives a recovery code with the password
//   (sign-in.ts). A try the ceiling refuses counts against the email and address's and the
//   address's own counters, though not the ceiling's.
// - Codes (TOTP or recovery) follow the first two rules with their own counters, plus a
//   ceiling of 10 failures per window per email: whoever types a code already knows the
//   password, so this ceiling can only be reached by the owner or by someone holding it.
//   10 per 15 minutes bounds a guesser to ~1,000 of the million codes a day. A step-up's codes
//   (a signed-in session's, which needs only the cookie) count per session instead
//   (second-factor/spend-code.ts), so a copied cookie cannot spend the owner's ceiling; the
//   session's tenth wrong code in the window ends the session.
// - A try is read, checked and recorded as one step per email and per address (`exclusive`):
//   a burst of parallel tries all read "no failures yet" before any was recorded, and so every
//   one was checked (500 codes at once went past the 10-failure ceiling). Within one instance
//   they now queue; across instances, at most one try per instance runs at once.

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
