// Bangladesh: its endpoints (§4.2) and its pause (§1 rule 9). Every rule that
// is Bangladesh's alone lives here; the lifecycle (10 simulated minutes) is
// with the other rails' in sim.ts.

import { SimError } from "../errors";
import { renderBdBrPayin, renderBdBrPayout } from "../render";
import type { EnvState } from "../state";
import { Validator } from "../validate";
import { PAYIN, PAYOUT, created, findTx, fundedPocket, marketGate, ok, type Ctx, type Route } from "../api/context";

// ---- the pause ---------------------------------------------------------------------------
// Per environment, set through POST /_sim/bangladesh. Kept beside the EnvState
// rather than in it, so the whole rule reads in this one file; a reset makes
// new EnvStates, so it also ends every pause.

const paused = new WeakSet<EnvState>();

export function setBangladeshPaused(env: EnvState, on: boolean): void {
  if (on) paused.add(env);
  else paused.delete(env);
}

export function isBangladeshPaused(env: EnvState): boolean {
  return paused.has(env);
}

/** New pay-ins and payouts only; the server runs it after an idempotent replay (README, order of checks). */
function pauseGate(env: EnvState): void {
  if (paused.has(env)) throw new SimError(503, "The Bangladesh rail is paused", "payment_unavailable");
}

// ---- endpoints ---------------------------------------------------------------------------

const METHODS = ["BKASH", "NAGAD", "UPAY"] as const;

function createPayin(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "BDT", { min: 200_00n, max: 25_000_00n });
  v.string(body, "paymentMethodCode", "paymentMethodCode", { oneOf: METHODS });
  v.httpsUrl(body, "returnUrl", "returnUrl");
  const customer = v.object(body, "customer", "customer");
  if (customer) {
    v.string(customer, "name", "customer.name");
    v.email(customer, "email", "customer.email");
    v.string(customer, "phone", "customer.phone", { max: 32 });
    v.string(customer, "deviceId", "customer.deviceId");
  }
  const goods = v.object(body, "goodsInfo", "goodsInfo");
  if (goods) {
    v.string(goods, "name", "goodsInfo.name");
    v.string(goods, "id", "goodsInfo.id", { optional: true });
    if (goods.price !== undefined) v.amount(goods, "price", "goodsInfo.price", "BDT");
  }
  v.done();
  const tx = ctx.env.create("payin", "bangladesh", amount as bigint, "BDT", ctx.now, null);
  ctx.sim.startPayin(ctx.env, tx);
  return created(renderBdBrPayin(tx));
}

function createPayout(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "BDT");
  const method = v.string(body, "paymentMethodCode", "paymentMethodCode", { oneOf: METHODS });
  const merchantReference = v.string(body, "merchantReference", "merchantReference", { max: 100 });
  const ben = v.object(body, "beneficiary", "beneficiary");
  const name = ben && v.string(ben, "name", "beneficiary.name");
  const walletNumber =
    ben &&
    v.string(ben, "walletNumber", "beneficiary.walletNumber", { pattern: /^[0-9]{10,14}$/, patternMessage: "must be 10 to 14 digits" });
  v.done();
  fundedPocket(ctx.env, "bangladesh", amount as bigint);
  const tx = ctx.env.create("payout", "bangladesh", amount as bigint, "BDT", ctx.now, {
    kind: "bdPayout",
    merchantReference: merchantReference as string,
    paymentMethodCode: method as string,
    beneficiary: { name: name as string, walletNumber: walletNumber as string },
  });
  ctx.sim.startPayout(ctx.env, tx, true);
  return created(renderBdBrPayout(tx));
}

// The status polls are §4.2's but serve Brazil too, so each gates the record's own market.
const marketOf = (rail: string) => (rail === "brazil" ? "brazil" : "bangladesh");

function getPayin(ctx: Ctx) {
  const tx = findTx(ctx.env, ctx.params.id, (t) => t.type === "payin" && (t.rail === "bangladesh" || t.rail === "brazil"));
  marketGate(ctx.env, marketOf(tx.rail));
  return ok(renderBdBrPayin(tx));
}

function getPayout(ctx: Ctx) {
  const tx = findTx(ctx.env, ctx.params.id, (t) => t.type === "payout" && (t.rail === "bangladesh" || t.rail === "brazil"));
  marketGate(ctx.env, marketOf(tx.rail));
  return ok(renderBdBrPayout(tx));
}

export const bangladeshRoutes: Route[] = [
  { method: "POST", path: "/v1/payins", scope: PAYIN, market: "bangladesh", gate: pauseGate, idempotent: true, handler: createPayin },
  { method: "GET", path: "/v1/payins/:id", scope: PAYIN, handler: getPayin },
  { method: "POST", path: "/v1/payouts", scope: PAYOUT, market: "bangladesh", gate: pauseGate, idempotent: true, handler: createPayout },
  { method: "GET", path: "/v1/payouts/:id", scope: PAYOUT, handler: getPayout },
];
