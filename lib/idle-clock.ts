// Browser-safe. The idle warning's clock (issue 54), shared by the person's tabs. Each tab asks
// the BFF when its session ends unless used (GET /api/session/idle, background unless the person
// just acted), wakes a minute before that to ask again (a request meanwhile may have moved it),
// and then warns. Every answer any tab gets is told to the others (BroadcastChannel), so they
// warn together, and "Stay signed in" in one tab clears the warning in all of them.

/**
 * How long before the end the warning shows.
 * @internal
 */
export const WARN_BEFORE_MS = 60_000;
/** After a failed read (not a 401), the next try. */
const RETRY_MS = 60_000;

export type IdleState = { endsAt: number; warning: boolean };

/** The tabs' channel (a BroadcastChannel in the browser): what one posts, the others hear. */
export type IdleChannel = { post(message: unknown): void; listen(hear: (message: unknown) => void): void; close(): void };

export type IdleClockDeps = {
  /** The session's end, as an epoch millisecond; throws "signed_out" when the session is gone (401). */
  readEnd: () => Promise<number>;
  channel: IdleChannel | null;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  onChange: (state: IdleState) => void;
  onSignedOut: () => void;
};

export class SignedOutError extends Error {
  override name = "SignedOutError";
}

export function createIdleClock(deps: IdleClockDeps) {
  let timer: unknown;
  let stopped = false;

  const schedule = (endsAt: number) => {
    deps.clearTimer(timer);
    if (stopped) return;
    const left = endsAt - deps.now();
    const warning = left <= WARN_BEFORE_MS;
    deps.onChange({ endsAt, warning });
    // Before the warning: wake when it is due. During it: ask again just after the end (signed out, or moved on).
    timer = deps.setTimer(() => void check(), warning ? Math.max(left, 0) + 1_000 : left - WARN_BEFORE_MS);
  };

  const learned = (endsAt: number) => {
    deps.channel?.post({ endsAt });
    schedule(endsAt);
  };

  const check = async () => {
    try {
      learned(await deps.readEnd());
    } catch (error) {
      if (error instanceof SignedOutError) return deps.onSignedOut();
      deps.clearTimer(timer);
      timer = deps.setTimer(() => void check(), RETRY_MS);
    }
  };

  deps.channel?.listen((message) => {
    const endsAt = (message as { endsAt?: unknown } | null)?.endsAt;
    if (typeof endsAt === "number" && Number.isFinite(endsAt)) schedule(endsAt);
  });

  return {
    start: () => void check(),
    /** The person's "Stay signed in": one read that counts as use; its answer reaches every tab. */
    stay: () => check(),
    stop() {
      stopped = true;
      deps.clearTimer(timer);
      deps.channel?.close();
    },
  };
}
