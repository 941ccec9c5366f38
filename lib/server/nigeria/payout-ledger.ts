import "server-only";
import { PaymentsApiError } from "@/lib/payments/errors";
import { perEnvironment } from "@/lib/server/per-environment";

// What this BFF process knows about each payout write, by Idempotency-Key, so
// that after a timeout, a dropped answer or a page refresh the operator can ask
// "does this payout exist?" (the transaction list does not carry merchantReference).
// It also joins identical concurrent submissions (a double click, a second tab)
// onto one upstream call. Per process and in memory: the upstream idempotency
// store stays the real guarantee; this is the fast path and the memory.

export type LedgerEntry =
  | { state: "in_flight"; at: number }
  | { state: "created"; transactionId: string; at: number }
  | { state: "failed"; code: string; at: number }
  /** No answer, or a gateway failure: the payout may or may not exist. */
  | { state: "unknown"; at: number };

const MAX_ENTRIES = 5_000;

export class PayoutLedger {
  private readonly entries = new Map<string, LedgerEntry>();
  private readonly inflight = new Map<string, { fingerprint: string; promise: Promise<unknown> }>();

  constructor(private readonly now: () => number = Date.now) {}

  lookup(key: string): LedgerEntry | undefined {
    return this.entries.get(key);
  }

  recordCreated(key: string, transactionId: string): void {
    this.set(key, { state: "created", transactionId, at: this.now() });
  }

  /** Sends once per key and body: an identical submission while one is in flight shares its answer. */
  submit<T extends { transactionId: string }>(key: string, fingerprint: string, send: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key);
    if (running && running.fingerprint === fingerprint) return running.promise as Promise<T>;
    this.set(key, { state: "in_flight", at: this.now() });
    const promise = send().then(
      (created) => {
        this.recordCreated(key, created.transactionId);
        return created;
      },
      (error: unknown) => {
        this.set(key, outcomeOf(error, this.now()));
        throw error;
      },
    );
    const settled = () => {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    };
    promise.then(settled, settled);
    this.inflight.set(key, { fingerprint, promise });
    return promise;
  }

  private set(key: string, entry: LedgerEntry): void {
    this.entries.delete(key); // re-insert: Map order is then oldest-first for eviction
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

function outcomeOf(error: unknown, at: number): LedgerEntry {
  // A 4xx from the service is an answer: nothing was created. Anything else leaves it open.
  if (error instanceof PaymentsApiError && error.status >= 400 && error.status < 500) return { state: "failed", code: error.code, at };
  return { state: "unknown", at };
}

export const payoutLedgerFor = perEnvironment("__ngnPayoutLedgers", () => new PayoutLedger());
