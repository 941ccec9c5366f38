// Per-environment state: transactions (append-only, with per-type indexes),
// pockets (balances kept incrementally), idempotency records, ledger.

import { divFloor, fmt } from "./money";
import { createRng, randomBase32, randomDigits, type Rng } from "./prng";
import {
  DEFAULT_SCOPES,
  EUR_RATE,
  INR_PER_USDT,
  MARKETS,
  NGN_FEE_CAP,
  OPENING_BALANCE,
  ORDER_PREFIX,
  PAYIN_FEE_BPS,
  POCKET_OF,
  POCKETS,
  isPocketCurrency,
  type Env,
  type Market,
  type PocketCurrency,
  type Rail,
  type Status,
  type TxType,
} from "./types";
import { feeBps } from "./money";

// ---- rail-specific data kept beside a transaction --------------------------------

type BdPayoutExt = {
  kind: "bdPayout";
  merchantReference: string;
  paymentMethodCode: string;
  beneficiary: { name: string; walletNumber: string };
};
type BrPayoutExt = {
  kind: "brPayout";
  merchantReference: string;
  pixKey: string;
  pixKeyType: string;
  beneficiary: { name: string; taxId?: string };
};
type IndiaExt = {
  kind: "india";
  inrMinor: bigint;
  usdtMicro: bigint;
  tradeEvent: number;
  utr: string | null;
};
type EuPayinExt = { kind: "euPayin"; eventId: number };
type EuPayoutExt = {
  kind: "euPayout";
  eurMinor: bigint;
  merchantReference: string;
  beneficiary: { name: string; iban: string; bic?: string };
  description?: string;
  approvalStatus: "awaiting_approval" | "approved" | "not_required";
};
type NgnPayoutExt = {
  kind: "ngnPayout";
  reference: string;
  merchantReference: string;
  description?: string;
  beneficiary: { accountNumber: string; bankCode: string; accountName: string; bankName: string };
  withdrawalStatus: "queued" | "processing" | "sent" | "completed" | "failed";
};
type NgnPayinExt = { kind: "ngnPayin"; senderName: string };
type PyusdExt = {
  kind: "pyusd";
  merchantReference: string;
  expiresAt: number;
  settlementStatus: "awaiting_payment" | "confirming" | "settled" | "expired";
};
/** Added through POST /_sim/transactions: a ledger row only (no money, no events). */
type InjectedExt = { kind: "injected" };
export type Ext = InjectedExt | BdPayoutExt | BrPayoutExt | IndiaExt | EuPayinExt | EuPayoutExt | NgnPayoutExt | NgnPayinExt | PyusdExt;

export class Tx {
  /** bumped by a forced settle so scheduled steps of the old lifecycle do nothing */
  gen = 0;
  constructor(
    public readonly id: string,
    public readonly seq: number,
    public readonly type: TxType,
    public readonly rail: Rail,
    public status: Status,
    /** minor units of `currency` */
    public readonly amount: bigint,
    public readonly currency: string,
    public paidAmount: bigint | null,
    public readonly platformOrderId: string,
    public readonly createdAt: number,
    public completedAt: number | null,
    public ext: Ext | null,
  ) {}
}

// ---- economics: what a transaction does to a pocket ---------------------------------

export type PayinMoney = { pocket: PocketCurrency; gross: bigint; fee: bigint; net: bigint };

export function indiaUsdt(tx: Tx): bigint {
  if (tx.ext?.kind === "india") return tx.ext.usdtMicro;
  return tx.currency === "USDT" ? tx.amount : usdtFromInr(tx.amount);
}
export function usdtFromInr(inrMinor: bigint): bigint {
  return divFloor(inrMinor * 1_000_000n, INR_PER_USDT);
}
export function inrFromUsdt(usdtMicro: bigint): bigint {
  // usdt (6 dp) × rate (2 dp) = INR at 8 dp; round up to 2 dp
  return (usdtMicro * INR_PER_USDT + 999_999n) / 1_000_000n;
}
export function eurCrypto(amountMinor: bigint, currency: string): bigint {
  const rate = EUR_RATE[currency as "EUR" | "GBP"] ?? EUR_RATE.EUR;
  return amountMinor * rate * 100n; // 2 dp × 2 dp = 4 dp → 6 dp
}

/** Pocket money of a pay-in (null for rows that touch no pocket). */
export function payinMoney(tx: Tx): PayinMoney | null {
  let gross: bigint;
  let market: Market;
  switch (tx.rail) {
    case "india":
      gross = indiaUsdt(tx);
      market = "india";
      break;
    case "europe":
      gross = eurCrypto(tx.amount, tx.currency);
      market = "europe";
      break;
    case "internal":
      return isPocketCurrency(tx.currency) ? { pocket: tx.currency, gross: tx.amount, fee: 0n, net: tx.amount } : null;
    case "unknown":
      return null;
    default:
      gross = tx.amount;
      market = tx.rail;
  }
  let fee = feeBps(gross, PAYIN_FEE_BPS[market]);
  if (market === "nigeria" && fee > NGN_FEE_CAP) fee = NGN_FEE_CAP;
  return { pocket: POCKET_OF[market], gross, fee, net: gross - fee };
}

/** Pocket debit of a payout (null for rows that touch no pocket). */
export function payoutDebit(tx: Tx): { pocket: PocketCurrency; amount: bigint } | null {
  if (tx.rail === "unknown") return null;
  if (tx.rail === "internal") return isPocketCurrency(tx.currency) ? { pocket: tx.currency, amount: tx.amount } : null;
  return { pocket: POCKET_OF[tx.rail], amount: tx.amount };
}

// ---- pockets, ledger, idempotency ---------------------------------------------------

export class Pocket {
  available: bigint;
  pending = 0n;
  constructor(
    public readonly currency: PocketCurrency,
    opening: bigint,
    public updatedAt: number,
  ) {
    this.available = opening;
  }
}

export type LedgerEntry = {
  seq: number;
  at: number;
  currency: PocketCurrency;
  delta: bigint;
  balanceAfter: bigint;
  transactionId: string | null;
  reason: string;
};

export type StoredResponse = { fingerprint: string; status: number; body: Buffer; headers: Record<string, string> };

export type VirtualAccount = {
  id: string;
  firstName: string;
  lastName: string;
  customerEmail: string;
  accountNumber: string;
  bankName: string;
  accountName: string;
  createdAt: number;
  readyAt: number;
};

export type MarketState = { approved: boolean; pocket: boolean };

export class EnvState {
  readonly txs: Tx[] = [];
  readonly payins: Tx[] = [];
  readonly payouts: Tx[] = [];
  readonly byId = new Map<string, Tx>();
  readonly pockets = new Map<PocketCurrency, Pocket>();
  readonly markets: Record<Market, MarketState>;
  readonly idem = new Map<string, StoredResponse>();
  readonly ledger: LedgerEntry[] = [];
  scopes: string[] = [...DEFAULT_SCOPES];
  webhookUrl: string | null = null;
  webhookUpdatedAt: number | null = null;
  virtualAccount: VirtualAccount | null = null;
  /** Account names the bank now gives (POST /_sim/ngn/account-names), by "bankCode:accountNumber": a renamed account. */
  readonly ngnAccountNames = new Map<string, string>();
  private lastCreatedAt = 0;
  private readonly rng: Rng;

  constructor(
    readonly env: Env,
    readonly apiKey: string,
    readonly apiSecret: string,
    approved: readonly Market[],
    seed: number,
    now: number,
    /** Which reset of this process made it: ids made after a reset never repeat earlier ones, as the API's never do. */
    generation = 0,
  ) {
    this.markets = Object.fromEntries(MARKETS.map((m) => [m, { approved: approved.includes(m), pocket: approved.includes(m) }])) as Record<
      Market,
      MarketState
    >;
    for (const c of POCKETS) {
      this.pockets.set(c, new Pocket(c, 0n, now));
      this.move(c, OPENING_BALANCE[c], now, null, "opening");
    }
    this.rng = createRng(`${seed}:${env}:runtime:${generation}`);
  }

  newId(prefix: string, len = 26): string {
    return `${prefix}_${randomBase32(this.rng, len)}`;
  }
  newDigits(len: number): string {
    return randomDigits(this.rng, len);
  }

  /** A new pending record stamped at `at` (not yet added: see Sim.startPayin / startPayout). */
  create(type: TxType, rail: Rail, amount: bigint, currency: string, at: number, ext: Ext | null): Tx {
    const createdAt = this.monotonic(at);
    const orderId = ORDER_PREFIX[rail] + randomDigits(this.rng, 14);
    return new Tx(this.newId("tx"), this.txs.length, type, rail, "pending", amount, currency, null, orderId, createdAt, null, ext);
  }

  /** createdAt never goes backwards, so the append order is the newest-first order reversed. */
  monotonic(at: number): number {
    const t = Math.max(at, this.lastCreatedAt);
    this.lastCreatedAt = t;
    return t;
  }

  add(tx: Tx): Tx {
    this.txs.push(tx);
    (tx.type === "payin" ? this.payins : this.payouts).push(tx);
    this.byId.set(tx.id, tx);
    if (tx.createdAt > this.lastCreatedAt) this.lastCreatedAt = tx.createdAt;
    return tx;
  }

  /** A pocket as the API sees it: only while its market is approved and provisioned. */
  visiblePocket(c: PocketCurrency): Pocket | null {
    const m = MARKETS.find((x) => POCKET_OF[x] === c) as Market;
    const st = this.markets[m];
    return st.approved && st.pocket ? (this.pockets.get(c) ?? null) : null;
  }

  move(c: PocketCurrency, delta: bigint, at: number, transactionId: string | null, reason: string): void {
    const p = this.pockets.get(c) as Pocket;
    p.available += delta;
    p.updatedAt = Math.max(p.updatedAt, at);
    this.ledger.push({ seq: this.ledger.length + 1, at, currency: c, delta, balanceAfter: p.available, transactionId, reason });
  }

  movePending(c: PocketCurrency, delta: bigint, at: number): void {
    const p = this.pockets.get(c) as Pocket;
    p.pending += delta;
    p.updatedAt = Math.max(p.updatedAt, at);
  }

  /** Rendering helper for /_sim/ledger. */
  static ledgerJson(e: LedgerEntry) {
    return {
      seq: e.seq,
      at: new Date(e.at).toISOString(),
      currency: e.currency,
      delta: fmt(e.delta, e.currency),
      balanceAfter: fmt(e.balanceAfter, e.currency),
      transactionId: e.transactionId,
      reason: e.reason,
    };
  }
}
