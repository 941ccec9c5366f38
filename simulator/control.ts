// /_sim/* control endpoints (unsigned, simulator only). See README "Control endpoints".

import type { Result } from "./api/context";
import { SimError, validationError } from "./errors";
import { isBangladeshPaused, setBangladeshPaused } from "./markets/bangladesh";
import { fmt, parseAmount } from "./money";
import { iso, renderBdBrPayout, renderEuPayout, renderItem, renderNgnPayout, renderVirtualAccount } from "./render";
import { MAX_SEED_SIZE, NO_FAULTS, type Faults, type Sim } from "./sim";
import { EnvState, Tx } from "./state";
import { DEFAULT_SCOPES, LIVE_ONLY, MARKETS, POCKETS, POCKET_OF, RAILS, isPocketCurrency, type Market, type Rail } from "./types";
import { Validator, parseJsonObject, type Obj } from "./validate";

const ok = (body: unknown): Result => ({ status: 200, body });
const bad = (path: string, message: string) => validationError([{ path, message }]);

function envOf(sim: Sim, v: unknown, path = "env"): EnvState {
  if (v !== "test" && v !== "live") throw bad(path, "must be test or live");
  return sim.envs[v];
}

function bool(body: Obj, key: string, optional = false): boolean | undefined {
  const v = body[key];
  if (v === undefined && optional) return undefined;
  if (typeof v !== "boolean") throw bad(key, "must be a boolean");
  return v;
}

function int(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) throw bad(path, `must be an integer from ${min} to ${max}`);
  return v;
}

function optPath(v: unknown, path: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !v.startsWith("/")) throw bad(path, "must be a path such as /v1/payouts (a trailing * matches a prefix)");
  return v;
}

function optCode(v: unknown, path: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !/^[a-z_]{1,64}$/.test(v)) throw bad(path, "must be a code such as limit_exceeded");
  return v;
}

function envState(sim: Sim, env: EnvState) {
  let pending = 0;
  for (const tx of env.txs) if (tx.status === "pending") pending++;
  return {
    env: env.env,
    simNow: iso(sim.now()),
    clockOffsetMs: sim.clockOffsetMs,
    seed: sim.seed,
    markets: env.markets,
    bangladeshPaused: isBangladeshPaused(env),
    scopes: env.scopes,
    webhookUrl: env.webhookUrl,
    pockets: POCKETS.map((c) => {
      const p = env.pockets.get(c);
      return {
        currency: c,
        provisioned: env.visiblePocket(c) !== null,
        availableBalance: fmt(p?.available ?? 0n, c),
        pendingBalance: fmt(p?.pending ?? 0n, c),
      };
    }),
    counts: { transactions: env.txs.length, payins: env.payins.length, payouts: env.payouts.length, pending },
    virtualAccount: env.virtualAccount ? renderVirtualAccount(env.virtualAccount, sim.now()) : null,
    scheduledSteps: sim.scheduler.size,
  };
}

function renderPayout(tx: Tx) {
  switch (tx.rail) {
    case "bangladesh":
    case "brazil":
      return renderBdBrPayout(tx);
    case "europe":
      return renderEuPayout(tx);
    case "nigeria":
      return renderNgnPayout(tx);
    default:
      return renderItem(tx);
  }
}

function page(query: URLSearchParams, total: number): { limit: number; offset: number } {
  const limit = query.has("limit") ? Number(query.get("limit")) : total;
  const offset = query.has("offset") ? Number(query.get("offset")) : 0;
  if (!Number.isInteger(limit) || limit < 0) throw bad("limit", "must be a non-negative integer");
  if (!Number.isInteger(offset) || offset < 0) throw bad("offset", "must be a non-negative integer");
  return { limit, offset };
}

function setFaults(sim: Sim, body: Obj): Faults {
  const f = sim.faults;
  if (body.latencyMs !== undefined) f.latencyMs = int(body.latencyMs, "latencyMs", 0, 60_000);
  if (body.failNext !== undefined) {
    const o = body.failNext as Obj;
    if (typeof o !== "object" || o === null) throw bad("failNext", "must be an object");
    f.failNext = {
      count: int(o.count ?? 1, "failNext.count", 1, 1000),
      status: int(o.status, "failNext.status", 400, 599),
      path: optPath(o.path, "failNext.path"),
      code: optCode(o.code, "failNext.code"),
    };
  }
  if (body.dropResponseNext !== undefined) {
    const o = body.dropResponseNext as Obj;
    if (typeof o !== "object" || o === null) throw bad("dropResponseNext", "must be an object");
    f.dropResponseNext = { count: int(o.count ?? 1, "dropResponseNext.count", 1, 1000), path: optPath(o.path, "dropResponseNext.path") };
  }
  if (body.holdResponseNext !== undefined) {
    const o = body.holdResponseNext as Obj;
    if (typeof o !== "object" || o === null) throw bad("holdResponseNext", "must be an object");
    f.holdResponseNext = { count: int(o.count ?? 1, "holdResponseNext.count", 1, 1000), path: optPath(o.path, "holdResponseNext.path") };
  }
  if (body.rateLimitNext !== undefined) {
    const o = body.rateLimitNext as Obj;
    if (typeof o !== "object" || o === null) throw bad("rateLimitNext", "must be an object");
    f.rateLimitNext = {
      count: int(o.count ?? 1, "rateLimitNext.count", 1, 1000),
      retryAfterSeconds: int(o.retryAfterSeconds ?? 1, "rateLimitNext.retryAfterSeconds", 0, 3600),
      path: optPath(o.path, "rateLimitNext.path"),
    };
  }
  if (body.malformedTransactions !== undefined) {
    const ids = body.malformedTransactions;
    if (!Array.isArray(ids) || ids.length > 1000 || ids.some((id) => typeof id !== "string" || id.length === 0 || id.length > 200)) {
      throw bad("malformedTransactions", "must be a list of at most 1000 transaction ids");
    }
    f.malformedTransactions = [...(ids as string[])];
  }
  return f;
}

type ControlRoute = (sim: Sim, body: () => Obj, query: URLSearchParams) => Result;

const CONTROL: Record<string, ControlRoute> = {
  "GET /_sim/health": (sim) => ok({ ok: true, simNow: iso(sim.now()) }),

  "POST /_sim/reset": (sim, body) => {
    const b = body();
    const opts: { seed?: number; liveSize?: number; testSize?: number } = {};
    if (b.seed !== undefined) opts.seed = int(b.seed, "seed", 0, 2 ** 32 - 1);
    if (b.liveSize !== undefined) opts.liveSize = int(b.liveSize, "liveSize", 0, MAX_SEED_SIZE);
    if (b.testSize !== undefined) opts.testSize = int(b.testSize, "testSize", 0, MAX_SEED_SIZE);
    sim.reset(opts);
    return ok({ test: envState(sim, sim.envs.test), live: envState(sim, sim.envs.live) });
  },

  "POST /_sim/markets": (sim, body) => {
    const b = body();
    const env = envOf(sim, b.env);
    if (!MARKETS.includes(b.market as Market)) throw bad("market", `must be one of ${MARKETS.join(", ")}`);
    const market = b.market as Market;
    const approved = bool(b, "approved") as boolean;
    const pocket = bool(b, "pocket", true) ?? true;
    const st = env.markets[market];
    st.approved = approved;
    if (approved) st.pocket = env.env === "test" && LIVE_ONLY.includes(market) ? false : pocket;
    return ok({ env: env.env, market, ...st, pocketCurrency: POCKET_OF[market] });
  },

  "POST /_sim/bangladesh": (sim, body) => {
    const b = body();
    const paused = bool(b, "paused") as boolean;
    const envs = b.env === undefined ? [sim.envs.test, sim.envs.live] : [envOf(sim, b.env)];
    for (const e of envs) setBangladeshPaused(e, paused);
    return ok({ test: isBangladeshPaused(sim.envs.test), live: isBangladeshPaused(sim.envs.live) });
  },

  "POST /_sim/advance": (sim, body) => {
    const s = body().seconds;
    if (typeof s !== "number" || !Number.isFinite(s) || s < 0 || s > 10 * 365 * 86_400)
      throw bad("seconds", "must be a number of seconds ≥ 0");
    const stepsRun = sim.advance(s);
    return ok({ simNow: iso(sim.now()), clockOffsetMs: sim.clockOffsetMs, stepsRun });
  },

  "POST /_sim/settle": (sim, body) => {
    const b = body();
    const env = envOf(sim, b.env);
    if (b.outcome !== "success" && b.outcome !== "failed") throw bad("outcome", "must be success or failed");
    const tx = typeof b.transactionId === "string" ? env.byId.get(b.transactionId) : undefined;
    if (!tx) throw new SimError(404, "Transaction not found", "not_found");
    const problem = sim.settle(env, tx, b.outcome);
    if (problem) throw new SimError(409, problem, "invalid_state");
    return ok(renderItem(tx));
  },

  "POST /_sim/ngn/inbound": (sim, body) => {
    const b = body();
    const parsed = parseAmount(b.amount, 2);
    if (!parsed.ok) throw bad("amount", parsed.message);
    if (b.senderName !== undefined && (typeof b.senderName !== "string" || b.senderName.length > 200))
      throw bad("senderName", "must be a string");
    const env = sim.envs.live;
    if (!env.markets.nigeria.approved) throw new SimError(409, "The live nigeria market is not approved", "market_not_enabled");
    const va = env.virtualAccount;
    if (!va || sim.now() < va.readyAt) throw new SimError(409, "The live virtual account is not provisioned and ready", "invalid_state");
    const tx = sim.ngnInbound(parsed.minor, b.senderName ?? "SIM SENDER");
    return ok(renderItem(tx));
  },

  // Renames an NGN account as the bank's name enquiry gives it from now on (an approval's re-run meets the new name).
  "POST /_sim/ngn/account-names": (sim, body) => {
    const b = body();
    const env = envOf(sim, b.env ?? "live");
    if (typeof b.bankCode !== "string" || b.bankCode === "" || b.bankCode.length > 10) throw bad("bankCode", "must be a bank code");
    if (typeof b.accountNumber !== "string" || !/^[0-9]{10}$/.test(b.accountNumber)) throw bad("accountNumber", "must be 10 digits");
    if (typeof b.accountName !== "string" || b.accountName.trim() === "" || b.accountName.length > 200)
      throw bad("accountName", "must be a name of 1 to 200 characters");
    env.ngnAccountNames.set(`${b.bankCode}:${b.accountNumber}`, b.accountName.trim());
    return ok({ env: env.env, bankCode: b.bankCode, accountNumber: b.accountNumber, accountName: b.accountName.trim() });
  },

  "POST /_sim/transactions": (sim, body) => {
    const b = body();
    const env = envOf(sim, b.env);
    const v = new Validator();
    const type = v.string(b, "type", "type", { oneOf: ["payin", "payout"] });
    const rail = v.string(b, "rail", "rail", { oneOf: RAILS });
    const currency = v.string(b, "currency", "currency", { max: 16, pattern: /^[A-Z][A-Z-]{1,15}$/ });
    const status = v.string(b, "status", "status", { optional: true, oneOf: ["pending", "success", "failed"] }) ?? "success";
    v.done();
    const amount = v.amount(b, "amount", "amount", currency as string);
    v.done();
    const tx = env.create(type as "payin" | "payout", rail as Rail, amount as bigint, currency as string, sim.now(), { kind: "injected" });
    if (status !== "pending") {
      tx.status = status as "success" | "failed";
      tx.completedAt = tx.createdAt;
      if (status === "success") tx.paidAmount = tx.amount;
    }
    env.add(tx);
    return { status: 201, body: renderItem(tx) };
  },

  "POST /_sim/keys": (sim, body) => {
    const b = body();
    const env = envOf(sim, b.env);
    const scopes = b.scopes === undefined ? DEFAULT_SCOPES : b.scopes;
    if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === "string" && s.length > 0 && s.length < 64)) {
      throw bad("scopes", "must be an array of scope strings");
    }
    env.scopes = [...(scopes as string[])];
    return ok({ env: env.env, scopes: env.scopes });
  },

  "POST /_sim/faults": (sim, body) => ok(setFaults(sim, body())),
  "GET /_sim/faults": (sim) => ok({ ...sim.faults, held: sim.held.size }),
  "DELETE /_sim/faults": (sim) => {
    sim.faults = { ...NO_FAULTS };
    sim.releaseHeld();
    return ok({ ...sim.faults, held: 0 });
  },

  "GET /_sim/state": (sim, _b, q) => {
    const e = q.get("env");
    if (e === null) return ok({ test: envState(sim, sim.envs.test), live: envState(sim, sim.envs.live) });
    return ok(envState(sim, envOf(sim, e)));
  },

  "GET /_sim/transactions": (sim, _b, q) => {
    const env = envOf(sim, q.get("env"));
    const { limit, offset } = page(q, env.txs.length);
    const items = [];
    for (let i = env.txs.length - 1 - offset; i >= 0 && items.length < limit; i--) items.push(renderItem(env.txs[i] as Tx));
    return ok({ items, total: env.txs.length });
  },

  /**
   * Totals per currency of the whole list, summed here in minor units: what a client that shows
   * every row must show (the bench's end of a load, issue 21). Counts, and pay-in and payout sums;
   * `by=status` keeps each status apart, as the console's totals do.
   */
  "GET /_sim/totals": (sim, _b, q) => {
    const env = envOf(sim, q.get("env"));
    const by = q.get("by");
    if (by !== null && by !== "status") throw bad("by", "must be status, or absent");
    const totals = new Map<string, { count: number; payinCount: number; payoutCount: number; payins: bigint; payouts: bigint }>();
    for (const tx of env.txs) {
      // A space is in no currency code or status: "BRL success".
      const key = by === null ? tx.currency : `${tx.currency} ${tx.status}`;
      let t = totals.get(key);
      if (!t) totals.set(key, (t = { count: 0, payinCount: 0, payoutCount: 0, payins: 0n, payouts: 0n }));
      t.count += 1;
      if (tx.type === "payin") {
        t.payinCount += 1;
        t.payins += tx.amount;
      } else {
        t.payoutCount += 1;
        t.payouts += tx.amount;
      }
    }
    const items = [...totals]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, t]) => {
        const [currency = "", status] = key.split(" ");
        return { currency, ...(status ? { status } : {}), ...t, payins: fmt(t.payins, currency), payouts: fmt(t.payouts, currency) };
      });
    return ok({ items });
  },

  "GET /_sim/payouts": (sim, _b, q) => {
    const env = envOf(sim, q.get("env"));
    const rail = q.get("rail");
    if (rail !== null && !RAILS.includes(rail as Rail)) throw bad("rail", `must be one of ${RAILS.join(", ")}`);
    const items = [];
    for (let i = env.payouts.length - 1; i >= 0; i--) {
      const tx = env.payouts[i] as Tx;
      if (rail === null || tx.rail === rail) items.push(renderPayout(tx));
    }
    return ok({ items, total: items.length });
  },

  "GET /_sim/webhooks": (sim, _b, q) => {
    const env = envOf(sim, q.get("env"));
    const items = sim.webhooks.list(env.env);
    return ok({ items, total: items.length });
  },

  "GET /_sim/ledger": (sim, _b, q) => {
    const env = envOf(sim, q.get("env"));
    const currency = q.get("currency");
    if (currency !== null && !isPocketCurrency(currency)) throw bad("currency", `must be one of ${POCKETS.join(", ")}`);
    const txId = q.get("transactionId");
    const items = env.ledger
      .filter((e) => (currency === null || e.currency === currency) && (txId === null || e.transactionId === txId))
      .map((e) => EnvState.ledgerJson(e));
    return ok({ items, total: items.length });
  },
};

export function handleControl(sim: Sim, method: string, path: string, query: URLSearchParams, raw: Buffer): Result {
  const route = CONTROL[`${method} ${path}`];
  if (!route) {
    const known = Object.keys(CONTROL).some((k) => k.endsWith(` ${path}`));
    if (known) throw new SimError(405, `${method} is not allowed on ${path}`);
    throw new SimError(404, `No control endpoint ${path}`, "not_found");
  }
  return route(sim, () => parseJsonObject(raw, true), query);
}
