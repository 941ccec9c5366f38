// The simulator's state machine: clock, environments, lifecycles, events.
// Everything here is synchronous; HTTP lives in server.ts.

import { endsIn13, decimalsOf, fmt } from "./money";
import { renderItem } from "./render";
import { Scheduler } from "./scheduler";
import { seedEnv } from "./seed";
import { EnvState, Tx, payinMoney, payoutDebit } from "./state";
import { MIN, type Env, type Market, type Status } from "./types";
import { Webhooks } from "./webhooks";

export type Keys = { test: { key: string; secret: string }; live: { key: string; secret: string } };

export const DEFAULT_KEYS: Keys = {
  test: { key: "mrp_test_demo_key", secret: "mrp_test_demo_secret_change_me_0000000000" },
  live: { key: "mrp_live_demo_key", secret: "mrp_live_demo_secret_change_me_0000000000" },
};

export const DEFAULTS = { liveSize: 300, testSize: 80, seed: 42, webhookBackoffMs: 1000 };
export const MAX_SEED_SIZE = 1_000_000;
const NGN_INBOUND_MIN = 100_00n; // 100.00 NGN
const NGN_INBOUND_MAX = 5_000_000_00n; // 5,000,000.00 NGN

const LIVE_APPROVED: readonly Market[] = ["bangladesh", "india", "europe", "nigeria", "pyusd"];
const TEST_APPROVED: readonly Market[] = ["bangladesh", "brazil", "india", "europe"];

export type Faults = {
  latencyMs: number;
  failNext: { count: number; status: number; path?: string; code?: string } | null;
  dropResponseNext: { count: number; path?: string } | null;
  rateLimitNext: { count: number; retryAfterSeconds: number; path?: string } | null;
  /** The write commits, and its answer is held (never sent) until the client goes away or the faults are cleared. */
  holdResponseNext: { count: number; path?: string } | null;
  /**
   * Transaction ids that GET /v1/transactions and GET /v1/transactions/{id} send malformed (an
   * amount that is not a decimal, no status), until the faults are cleared: a client must not
   * lose the whole list to one row.
   */
  malformedTransactions: string[];
};
export const NO_FAULTS: Faults = {
  latencyMs: 0,
  failNext: null,
  dropResponseNext: null,
  rateLimitNext: null,
  holdResponseNext: null,
  malformedTransactions: [],
};

/** A connection whose answer holdResponseNext keeps back. */
export type HeldAnswer = { destroy(): void };

export type SimConfig = { keys: Keys; seed: number; liveSize: number; testSize: number; webhookBackoffMs: number };

export class Sim {
  clockOffsetMs = 0;
  envs!: Record<Env, EnvState>;
  faults: Faults = { ...NO_FAULTS };
  /** Answers held by holdResponseNext, until their client goes away or releaseHeld(). */
  readonly held = new Set<HeldAnswer>();
  readonly scheduler: Scheduler;
  readonly webhooks: Webhooks;
  seed: number;
  liveSize: number;
  testSize: number;
  startedAt = 0;
  private eventSeq = 0;
  /** Resets so far: each gives the environments a new runtime id stream (EnvState). */
  private generation = 0;

  constructor(readonly config: SimConfig) {
    this.seed = config.seed;
    this.liveSize = config.liveSize;
    this.testSize = config.testSize;
    this.scheduler = new Scheduler(() => this.now());
    this.webhooks = new Webhooks(config.webhookBackoffMs);
    this.reset({});
  }

  /** Drops every held answer's connection: its client sees the answer lost, as with dropResponseNext. */
  releaseHeld(): void {
    for (const answer of this.held) answer.destroy();
    this.held.clear();
  }

  /** Simulated clock: real time plus the offset grown by /_sim/advance. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  reset(opts: { seed?: number; liveSize?: number; testSize?: number }): void {
    if (opts.seed !== undefined) this.seed = opts.seed;
    if (opts.liveSize !== undefined) this.liveSize = opts.liveSize;
    if (opts.testSize !== undefined) this.testSize = opts.testSize;
    this.scheduler.clear();
    this.webhooks.reset();
    this.clockOffsetMs = 0;
    this.faults = { ...NO_FAULTS };
    this.releaseHeld();
    this.eventSeq = 0;
    this.generation += 1;
    const now = this.now();
    this.startedAt = now;
    const { keys } = this.config;
    this.envs = {
      test: new EnvState("test", keys.test.key, keys.test.secret, TEST_APPROVED, this.seed, now, this.generation),
      live: new EnvState("live", keys.live.key, keys.live.secret, LIVE_APPROVED, this.seed, now, this.generation),
    };
    seedEnv(this, this.envs.test, this.testSize, this.seed, now);
    seedEnv(this, this.envs.live, this.liveSize, this.seed, now);
  }

  envByKey(key: string): EnvState | null {
    if (key === this.envs.test.apiKey) return this.envs.test;
    if (key === this.envs.live.apiKey) return this.envs.live;
    return null;
  }

  advance(seconds: number): number {
    this.clockOffsetMs += Math.round(seconds * 1000);
    return this.scheduler.runDue();
  }

  // ---- events ----------------------------------------------------------------------

  emit(env: EnvState, type: string, tx: Tx, at: number, extra: Record<string, unknown> = {}): void {
    // an environment a reset replaced emits nothing, whatever step still holds it
    if (this.envs[env.env] !== env) return;
    if (!env.webhookUrl || tx.ext?.kind === "injected") return;
    const item = renderItem(tx);
    const event = {
      id: `evt_${env.env}_${++this.eventSeq}_${tx.id.slice(3, 11)}`,
      type,
      createdAt: new Date(at).toISOString(),
      environment: env.env,
      data: {
        transactionId: tx.id,
        rail: tx.rail,
        type: tx.type,
        status: tx.status,
        amount: item.amount,
        currency: item.currency,
        platformOrderId: tx.platformOrderId,
        completedAt: item.completedAt,
        ...extra,
      },
    };
    this.webhooks.send(env.env, env.webhookUrl, env.apiSecret, event);
  }

  // ---- pay-ins -----------------------------------------------------------------------

  /** Register a new pending pay-in: pending balance, then its lifecycle. */
  startPayin(env: EnvState, tx: Tx): void {
    env.add(tx);
    const money = payinMoney(tx);
    if (money) env.movePending(money.pocket, money.gross, tx.createdAt);
    this.schedulePayin(env, tx);
  }

  private schedulePayin(env: EnvState, tx: Tx): void {
    const gen = tx.gen;
    const fails = endsIn13(tx.amount, decimalsOf(tx.currency));
    const step = (delay: number, fn: (at: number) => void) =>
      this.scheduler.at(tx.createdAt + delay, (at) => {
        if (tx.gen === gen && tx.status === "pending") fn(at);
      });
    switch (tx.rail) {
      case "bangladesh":
      case "brazil":
        step(10 * MIN, (at) => this.finishPayin(env, tx, fails ? "failed" : "success", at));
        break;
      case "india":
        step(2 * MIN, (at) => this.indiaStep(env, tx, 2, at));
        step(4 * MIN, (at) => this.indiaStep(env, tx, fails ? 5 : 4, at));
        break;
      case "europe":
        for (const id of [2, 3, 4, 5]) {
          step((id - 1) * 2 * MIN, (at) => {
            if (tx.ext?.kind !== "euPayin") return;
            if (fails && id === 3) return this.finishPayin(env, tx, "failed", at);
            tx.ext.eventId = id;
            if (id === 5) this.finishPayin(env, tx, "success", at);
          });
        }
        break;
      case "pyusd": {
        if (tx.ext?.kind !== "pyusd") return;
        const ext = tx.ext;
        if (!fails) {
          step(3 * MIN, () => (ext.settlementStatus = "confirming"));
          step(6 * MIN, (at) => {
            ext.settlementStatus = "settled";
            this.finishPayin(env, tx, "success", at);
          });
        }
        this.scheduler.at(ext.expiresAt, (at) => {
          if (tx.gen === gen && tx.status === "pending" && ext.settlementStatus === "awaiting_payment") {
            ext.settlementStatus = "expired";
            this.finishPayin(env, tx, "failed", at);
          }
        });
        break;
      }
      default:
        break;
    }
  }

  private indiaStep(env: EnvState, tx: Tx, event: number, at: number): void {
    if (tx.ext?.kind !== "india") return;
    tx.ext.tradeEvent = event;
    if (event === 4 || event === 6) this.finishPayin(env, tx, "success", at);
    else if (event === 5) this.finishPayin(env, tx, "failed", at);
  }

  /** POST /v1/h2h/buyer-confirms-payment: event 3 now, then 6 (or 5) two minutes later. */
  indiaConfirm(env: EnvState, tx: Tx, utr: string, at: number): void {
    if (tx.ext?.kind !== "india") return;
    tx.ext.tradeEvent = 3;
    tx.ext.utr = utr;
    const gen = ++tx.gen;
    const fails = endsIn13(tx.amount, decimalsOf(tx.currency));
    this.scheduler.at(at + 2 * MIN, (when) => {
      if (tx.gen === gen && tx.status === "pending") this.indiaStep(env, tx, fails ? 5 : 6, when);
    });
  }

  finishPayin(env: EnvState, tx: Tx, outcome: Exclude<Status, "pending">, at: number): void {
    if (tx.status !== "pending") return;
    const injected = tx.ext?.kind === "injected";
    const money = injected ? null : payinMoney(tx);
    if (money) env.movePending(money.pocket, -money.gross, at);
    tx.status = outcome;
    tx.completedAt = at;
    if (outcome === "success") {
      tx.paidAmount = tx.amount;
      if (money) env.move(money.pocket, money.net, at, tx.id, "payin.credit");
    }
    this.emit(
      env,
      outcome === "success" ? "payin.completed" : "payin.failed",
      tx,
      at,
      money
        ? {
            creditCurrency: money.pocket,
            platformFee: fmt(money.fee, money.pocket),
            netAmount: fmt(money.net, money.pocket),
          }
        : {},
    );
  }

  // ---- payouts -----------------------------------------------------------------------

  /** Record a new payout; debit it now unless it awaits approval (Europe). */
  startPayout(env: EnvState, tx: Tx, debitNow: boolean): void {
    env.add(tx);
    if (debitNow) this.debitAndRun(env, tx, tx.createdAt);
  }

  /** Europe approve (and the non-approval path): debit, then the payout runs. */
  debitAndRun(env: EnvState, tx: Tx, at: number): void {
    const debit = payoutDebit(tx);
    if (debit) env.move(debit.pocket, -debit.amount, at, tx.id, "payout.debit");
    const gen = tx.gen;
    const fails = this.payoutFails(tx);
    const step = (delay: number, fn: (when: number) => void) =>
      this.scheduler.at(at + delay, (when) => {
        if (tx.gen === gen && tx.status === "pending") fn(when);
      });
    if (tx.ext?.kind === "ngnPayout") {
      const ext = tx.ext;
      step(1 * MIN, () => (ext.withdrawalStatus = "processing"));
      step(2 * MIN, () => (ext.withdrawalStatus = "sent"));
      step(3 * MIN, (when) => this.finishPayout(env, tx, fails ? "failed" : "success", when));
    } else {
      step(10 * MIN, (when) => this.finishPayout(env, tx, fails ? "failed" : "success", when));
    }
  }

  /** `.13` amounts fail; so does a Nigeria beneficiary account ending in 0013. */
  private payoutFails(tx: Tx): boolean {
    if (tx.ext?.kind === "euPayout") return endsIn13(tx.ext.eurMinor, 2);
    if (tx.ext?.kind === "ngnPayout" && tx.ext.beneficiary.accountNumber.endsWith("0013")) return true;
    return endsIn13(tx.amount, decimalsOf(tx.currency));
  }

  finishPayout(env: EnvState, tx: Tx, outcome: Exclude<Status, "pending">, at: number): void {
    if (tx.status !== "pending") return;
    const injected = tx.ext?.kind === "injected";
    const awaiting = tx.ext?.kind === "euPayout" && tx.ext.approvalStatus === "awaiting_approval";
    tx.status = outcome;
    tx.completedAt = at;
    if (tx.ext?.kind === "ngnPayout") tx.ext.withdrawalStatus = outcome === "success" ? "completed" : "failed";
    if (outcome === "success") tx.paidAmount = tx.amount;
    else if (!injected && !awaiting) {
      const debit = payoutDebit(tx);
      if (debit) env.move(debit.pocket, debit.amount, at, tx.id, "payout.refund");
    }
    const extra: Record<string, unknown> = {};
    if (tx.ext && "merchantReference" in tx.ext) extra.merchantReference = tx.ext.merchantReference;
    if (tx.ext?.kind === "ngnPayout") {
      extra.reference = tx.ext.reference;
      extra.withdrawalStatus = tx.ext.withdrawalStatus;
      extra.settled = true;
    }
    this.emit(env, outcome === "success" ? "payout.completed" : "payout.failed", tx, at, extra);
  }

  /** An inbound transfer to the live virtual account: a Nigeria pay-in that settles at once (§8 limits). */
  ngnInbound(amount: bigint, senderName: string): Tx {
    const env = this.envs.live;
    const tx = env.create("payin", "nigeria", amount, "NGN", this.now(), { kind: "ngnPayin", senderName });
    this.startPayin(env, tx);
    const inLimits = amount >= NGN_INBOUND_MIN && amount <= NGN_INBOUND_MAX;
    this.finishPayin(env, tx, inLimits ? "success" : "failed", tx.createdAt);
    return tx;
  }

  // ---- forced outcomes (/_sim/settle) -------------------------------------------------

  /** Finish a pending item now; returns an error message when it cannot. */
  settle(env: EnvState, tx: Tx, outcome: "success" | "failed"): string | null {
    if (tx.status !== "pending") return `transaction is already ${tx.status}`;
    const at = this.now();
    const ext = tx.ext;
    if (ext?.kind === "euPayout" && ext.approvalStatus === "awaiting_approval" && outcome === "success") {
      return "payout awaits approval: approve it first";
    }
    tx.gen++;
    if (tx.type === "payin") {
      if (ext?.kind === "india") ext.tradeEvent = outcome === "success" ? (ext.utr ? 6 : 4) : 5;
      if (ext?.kind === "euPayin" && outcome === "success") ext.eventId = 5;
      if (ext?.kind === "pyusd") ext.settlementStatus = outcome === "success" ? "settled" : "expired";
      this.finishPayin(env, tx, outcome, at);
    } else {
      this.finishPayout(env, tx, outcome, at);
    }
    return null;
  }
}
