import "server-only";
import { PaymentsApiError } from "@/lib/payments/errors";

const MAX_ATTEMPTS = 6;
const DEFAULT_WAIT_S = 1;
const MAX_WAIT_S = 60;

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One gate per upstream environment. A 429 that the client surfaces (its own
 * short retries exhausted) pauses every worker of the sync until Retry-After
 * has passed, instead of each worker hammering the API on its own schedule.
 */
export class RateGate {
  private resumeAt = 0;

  constructor(
    private readonly sleep: Sleep = realSleep,
    private readonly now: () => number = Date.now,
  ) {}

  /** Waiting out a Retry-After right now. */
  get paused(): boolean {
    return this.resumeAt > this.now();
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const wait = this.resumeAt - this.now();
      if (wait > 0) await this.sleep(wait);
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof PaymentsApiError) || error.code !== "rate_limited" || attempt >= MAX_ATTEMPTS) throw error;
        const seconds = Math.min(MAX_WAIT_S, error.retryAfterSeconds ?? DEFAULT_WAIT_S);
        this.resumeAt = Math.max(this.resumeAt, this.now() + seconds * 1000);
      }
    }
  }
}
