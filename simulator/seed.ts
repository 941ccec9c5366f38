// Deterministic seed data (see simulator/README.md, "Seed data").
//
// History rows are built directly (no rail data kept, balances summed once);
// the handful of pending rows at the newest end go through the same lifecycle
// code as API-created ones, so they move with the simulated clock.

import { createRng, randomBase32, randomDigits, type Rng } from "./prng";
import { EnvState, Tx, eurCrypto, payinMoney, payoutDebit, usdtFromInr, type Ext } from "./state";
import { MIN, ORDER_PREFIX, POCKETS, type PocketCurrency, type Rail, type TxType } from "./types";

const DAY = 24 * 60 * MIN;

type Slot = readonly [Rail, TxType];

const WEIGHTS: Record<"test" | "live", ReadonlyArray<readonly [Rail, number]>> = {
  live: [
    ["bangladesh", 25],
    ["india", 18],
    ["europe", 15],
    ["nigeria", 20],
    ["pyusd", 8],
    ["brazil", 4],
    ["internal", 5],
    ["unknown", 5],
  ],
  test: [
    ["bangladesh", 35],
    ["brazil", 20],
    ["india", 20],
    ["europe", 15],
    ["internal", 5],
    ["unknown", 5],
  ],
};

/** Every rail and direction appears at least once when the size allows. */
const GUARANTEED: Record<"test" | "live", readonly Slot[]> = {
  live: [
    ["bangladesh", "payin"],
    ["bangladesh", "payout"],
    ["brazil", "payin"],
    ["brazil", "payout"],
    ["india", "payin"],
    ["europe", "payin"],
    ["europe", "payout"],
    ["nigeria", "payin"],
    ["nigeria", "payout"],
    ["pyusd", "payin"],
    ["internal", "payin"],
    ["internal", "payout"],
    ["unknown", "payin"],
  ],
  test: [
    ["bangladesh", "payin"],
    ["bangladesh", "payout"],
    ["brazil", "payin"],
    ["brazil", "payout"],
    ["india", "payin"],
    ["europe", "payin"],
    ["europe", "payout"],
    ["internal", "payin"],
    ["internal", "payout"],
    ["unknown", "payout"],
  ],
};

const PAYOUT_RAILS = new Set<Rail>(["bangladesh", "brazil", "europe", "nigeria", "internal", "unknown"]);

function pickRail(rng: Rng, weights: ReadonlyArray<readonly [Rail, number]>, total: number): Rail {
  let r = rng.next() * total;
  for (const [rail, w] of weights) {
    r -= w;
    if (r < 0) return rail;
  }
  return (weights[weights.length - 1] as readonly [Rail, number])[0];
}

/** Minor units in [min, max] whole units, with random cents. */
function money(rng: Rng, min: number, max: number, decimals = 2): bigint {
  const cents = BigInt(rng.int(min * 100, max * 100));
  return decimals === 2 ? cents : cents * 10n ** BigInt(decimals - 2);
}

function amountFor(rng: Rng, rail: Rail, type: TxType): { amount: bigint; currency: string; ext: Ext | null } {
  switch (rail) {
    case "bangladesh":
      return { amount: type === "payin" ? money(rng, 200, 25_000) : money(rng, 500, 40_000), currency: "BDT", ext: null };
    case "brazil":
      return { amount: type === "payin" ? money(rng, 10, 15_000) : money(rng, 50, 8_000), currency: "BRL", ext: null };
    case "india":
      return rng.chance(0.7)
        ? { amount: money(rng, 500, 100_000), currency: "INR", ext: null }
        : { amount: money(rng, 5, 1_000, 6), currency: "USDT", ext: null };
    case "europe":
      if (type === "payin") return { amount: money(rng, 10, 2_500), currency: rng.chance(0.8) ? "EUR" : "GBP", ext: null };
      {
        const eur = money(rng, 100, 3_000);
        return {
          amount: eurCrypto(eur, "EUR"),
          currency: "USDC",
          ext: {
            kind: "euPayout",
            eurMinor: eur,
            merchantReference: `seed-eu-${randomDigits(rng, 8)}`,
            beneficiary: { name: "Seed Supplier GmbH", iban: "DE89370400440532013000" },
            approvalStatus: eur >= 100_000n ? "approved" : "not_required",
          },
        };
      }
    case "nigeria":
      return {
        amount: type === "payin" ? money(rng, 100, rng.chance(0.1) ? 5_000_000 : 500_000) : money(rng, 500, 2_000_000),
        currency: "NGN",
        ext: null,
      };
    case "pyusd":
      return { amount: money(rng, 5, 2_000, 6), currency: "PYUSD-USDC", ext: null };
    case "internal":
      return { amount: money(rng, 1, 500, 6), currency: rng.chance(0.5) ? "USDT" : "USDC", ext: null };
    case "unknown":
      return { amount: money(rng, 1, 1_000), currency: rng.pick(["USD", "BDT", "INR"]), ext: null };
  }
}

/** What seeding asks of the simulator (sim.ts): to start the pending transactions, without importing it back. */
type PendingStarter = {
  startPayin(env: EnvState, tx: Tx): void;
  startPayout(env: EnvState, tx: Tx, debitNow: boolean): void;
};

export function seedEnv(sim: PendingStarter, env: EnvState, size: number, seed: number, now: number): void {
  const rng = createRng(`${seed}:${env.env}:seed`);
  const templates = PENDING[env.env];
  const pendingCount = Math.min(templates.length, Math.floor(size / 20));
  const history = Math.max(size - pendingCount, 0);
  const weights = WEIGHTS[env.env];
  const totalWeight = weights.reduce((s, [, w]) => s + w, 0);
  const guaranteed = GUARANTEED[env.env];
  const slots = new Map<number, Slot>();
  if (history >= guaranteed.length) guaranteed.forEach((slot, j) => slots.set(Math.floor(((j + 0.5) * history) / guaranteed.length), slot));

  const start = now - 60 * DAY;
  const span = 60 * DAY - 15 * MIN;
  const running = new Map<PocketCurrency, bigint>();
  for (const c of POCKETS) running.set(c, (env.pockets.get(c) as { available: bigint }).available);
  const touched = new Map<PocketCurrency, number>();

  for (let i = 0; i < history; i++) {
    const createdAt = start + Math.floor(((i + rng.next()) * span) / history);
    let rail: Rail;
    let type: TxType;
    const slot = slots.get(i);
    if (slot) [rail, type] = slot;
    else {
      rail = pickRail(rng, weights, totalWeight);
      type = PAYOUT_RAILS.has(rail) && rng.chance(rail === "internal" || rail === "unknown" ? 0.5 : 0.3) ? "payout" : "payin";
    }
    const { amount, currency, ext } = amountFor(rng, rail, type);
    let status: "success" | "failed" = rng.chance(0.08) ? "failed" : "success";
    const id = `tx_${randomBase32(rng, 26)}`;
    const orderId = ORDER_PREFIX[rail] + randomDigits(rng, 14);
    const completedAt = Math.min(createdAt + rng.int(1, 30) * MIN, now - MIN);
    const tx = new Tx(id, env.txs.length, type, rail, status, amount, currency, null, orderId, createdAt, completedAt, ext);
    if (status === "success") {
      if (type === "payin") {
        const m = payinMoney(tx);
        if (m) {
          running.set(m.pocket, (running.get(m.pocket) as bigint) + m.net);
          touched.set(m.pocket, completedAt);
        }
      } else {
        const d = payoutDebit(tx);
        const bal = d ? (running.get(d.pocket) as bigint) : 0n;
        if (d && bal < d.amount) status = "failed";
        else if (d) {
          running.set(d.pocket, bal - d.amount);
          touched.set(d.pocket, completedAt);
        }
      }
    }
    tx.status = status;
    if (status === "success") tx.paidAmount = amount;
    env.add(tx);
  }

  for (const c of POCKETS) {
    const p = env.pockets.get(c);
    if (!p) continue;
    const delta = (running.get(c) as bigint) - p.available;
    if (delta !== 0n) env.move(c, delta, touched.get(c) ?? now, null, "seed.history");
  }

  // The handful of pending items: created in the last minute (10 s apart), so
  // they are still pending right after a reset. Their lifecycles then run in real
  // time: in live the first step comes 40 s after the reset (the NGN payout,
  // created 20 s before it, goes `processing` at 1 min), the first status change
  // at 160 s (that payout) and the last at 590 s (the Bangladesh payout);
  // POST /_sim/advance runs them at once (e2e/transactions.spec.ts does).
  for (let j = 0; j < pendingCount; j++) {
    (templates[j] as PendingTemplate)(sim, env, now - (pendingCount - j) * 10_000);
  }
}

type PendingTemplate = (sim: PendingStarter, env: EnvState, at: number) => void;

const bdPayin: PendingTemplate = (sim, env, at) => sim.startPayin(env, env.create("payin", "bangladesh", 1_500_00n, "BDT", at, null));
const brPayin: PendingTemplate = (sim, env, at) => sim.startPayin(env, env.create("payin", "brazil", 250_00n, "BRL", at, null));
const indiaPayin: PendingTemplate = (sim, env, at) => {
  const inr = 5_000_00n;
  sim.startPayin(
    env,
    env.create("payin", "india", inr, "INR", at, { kind: "india", inrMinor: inr, usdtMicro: usdtFromInr(inr), tradeEvent: 1, utr: null }),
  );
};
const euPayin: PendingTemplate = (sim, env, at) =>
  sim.startPayin(env, env.create("payin", "europe", 120_00n, "EUR", at, { kind: "euPayin", eventId: 1 }));
const pyusdIntent: PendingTemplate = (sim, env, at) =>
  sim.startPayin(
    env,
    env.create("payin", "pyusd", 250_000_000n, "PYUSD-USDC", at, {
      kind: "pyusd",
      merchantReference: "seed-intent-1",
      expiresAt: at + 60 * MIN,
      settlementStatus: "awaiting_payment",
    }),
  );
const ngnPayout: PendingTemplate = (sim, env, at) =>
  sim.startPayout(
    env,
    env.create("payout", "nigeria", 75_000_00n, "NGN", at, {
      kind: "ngnPayout",
      reference: "NGNP-SEED-0001",
      merchantReference: "seed-wd-1",
      beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" },
      withdrawalStatus: "queued",
    }),
    true,
  );
const bdPayout: PendingTemplate = (sim, env, at) =>
  sim.startPayout(
    env,
    env.create("payout", "bangladesh", 5_000_00n, "BDT", at, {
      kind: "bdPayout",
      merchantReference: "seed-bd-wd-1",
      paymentMethodCode: "BKASH",
      beneficiary: { name: "Rahim Uddin", walletNumber: "01711111111" },
    }),
    true,
  );

const PENDING: Record<"test" | "live", readonly PendingTemplate[]> = {
  live: [bdPayin, indiaPayin, euPayin, pyusdIntent, ngnPayout, bdPayout],
  test: [bdPayin, brPayin, indiaPayin, euPayin],
};
