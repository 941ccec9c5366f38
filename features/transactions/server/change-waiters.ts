import "server-only";

/**
 * The long-poll side of the shared transaction list: readers park here until the
 * list changes, and the sync wakes them. Kept apart from the loading and repair
 * logic in sync.ts, which only calls `notify()`.
 */
export class ChangeWaiters {
  private readonly listeners = new Set<() => void>();

  /** Wakes every parked reader; each re-checks its own condition. */
  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves when `ready()` holds, `active()` no longer holds, `timeoutMs` passed, or `signal` aborted. */
  waitUntil(ready: () => boolean, active: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (ready() || !active() || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const check = () => {
        if (ready() || !active()) done();
      };
      const timer = setTimeout(done, timeoutMs);
      this.listeners.add(check);
      signal?.addEventListener("abort", done);
    });
  }
}
