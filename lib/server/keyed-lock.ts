import "server-only";

// One at a time per key, within this process: a throttle's read, the check it guards and the
// failure it records must not interleave with another try of the same account, or a burst of
// parallel tries all read "no failures yet" and are all checked (lib/server/sign-in-throttle.ts).

const tails = new Map<string, Promise<void>>();

/** Waits for the key's current holder, then holds it until the returned release is called. */
function acquire(key: string): Promise<() => void> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  return previous.then(() => () => {
    release();
    // The last holder leaves no entry behind: the map holds only keys someone is using.
    if (tails.get(key) === tail) tails.delete(key);
  });
}

/**
 * Runs `work` holding every key. Keys are taken in one order (sorted), so two callers that share
 * keys never each hold one and wait for the other.
 */
export async function withKeyedLock<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
  const releases: (() => void)[] = [];
  try {
    for (const key of [...new Set(keys)].sort()) releases.push(await acquire(key));
    return await work();
  } finally {
    for (const release of releases.reverse()) release();
  }
}
