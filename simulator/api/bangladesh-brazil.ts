// §4.2 Bangladesh and §4.3 Brazil (they share the status endpoints).

import { renderBdBrPayin, renderBdBrPayout } from "../render";
import { Validator } from "../validate";
import { PAYIN, PAYOUT, created, findTx, fundedPocket, marketGate, ok, type Ctx, type Route } from "./context";

const BD_METHODS = ["BKASH", "NAGAD", "UPAY"] as const;
const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const;

function bdCreatePayin(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "BDT", { min: 200_00n, max: 25_000_00n });
  v.string(body, "paymentMethodCode", "paymentMethodCode", { oneOf: BD_METHODS });
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

function bdCreatePayout(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "BDT");
  const method = v.string(body, "paymentMethodCode", "paymentMethodCode", { oneOf: BD_METHODS });
  const merchantReference = v.string(body, "merchantReference", "merchantReference", { max: 100 });
  const ben = v.object(body, "beneficiary", "beneficiary");
  const name = ben && v.string(ben, "name", "beneficiary.name");
  const walletNumber =
    ben && v.string(ben, "walletNumber", "beneficiary.walletNumber", { pattern: /^[0-9]{10,14}$/, patternMessage: "must be 10 to 14 digits" });
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

function brCreatePayin(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "BRL", { min: 10_00n, max: 15_000_00n });
  v.string(body, "paymentMethodCode", "paymentMethodCode", { oneOf: ["PIX"] });
  const customer = v.object(body, "customer", "customer");
  if (customer) {
    v.string(customer, "name", "customer.name");
    v.email(customer, "email", "customer.email");
    v.string(customer, "taxId", "customer.taxId", { optional: true, max: 32 });
  }
  v.done();
  const tx = ctx.env.create("payin", "brazil", amount as bigint, "BRL", ctx.now, null);
  ctx.sim.startPayin(ctx.env, tx);
  return created(renderBdBrPayin(tx));
}

function brCreatePayout(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "BRL");
  const merchantReference = v.string(body, "merchantReference", "merchantReference", { max: 100 });
  const pixKey = v.string(body, "pixKey", "pixKey", { max: 140 });
  const pixKeyType = v.string(body, "pixKeyType", "pixKeyType", { oneOf: PIX_KEY_TYPES });
  const ben = v.object(body, "beneficiary", "beneficiary");
  const name = ben && v.string(ben, "name", "beneficiary.name");
  const taxId = ben && v.string(ben, "taxId", "beneficiary.taxId", { optional: true, max: 32 });
  v.done();
  fundedPocket(ctx.env, "brazil", amount as bigint);
  const tx = ctx.env.create("payout", "brazil", amount as bigint, "BRL", ctx.now, {
    kind: "brPayout",
    merchantReference: merchantReference as string,
    pixKey: pixKey as string,
    pixKeyType: pixKeyType as string,
    beneficiary: taxId === undefined ? { name: name as string } : { name: name as string, taxId },
  });
  ctx.sim.startPayout(ctx.env, tx, true);
  return created(renderBdBrPayout(tx));
}

/** Shared status polls: the record's own market is gated. */
function getPayin(ctx: Ctx) {
  const tx = findTx(ctx.env, ctx.params.id, (t) => t.type === "payin" && (t.rail === "bangladesh" || t.rail === "brazil"));
  marketGate(ctx.env, tx.rail === "brazil" ? "brazil" : "bangladesh");
  return ok(renderBdBrPayin(tx));
}

function getPayout(ctx: Ctx) {
  const tx = findTx(ctx.env, ctx.params.id, (t) => t.type === "payout" && (t.rail === "bangladesh" || t.rail === "brazil"));
  marketGate(ctx.env, tx.rail === "brazil" ? "brazil" : "bangladesh");
  return ok(renderBdBrPayout(tx));
}

export const bangladeshBrazilRoutes: Route[] = [
  { method: "POST", path: "/v1/payins", scope: PAYIN, market: "bangladesh", pausable: true, idempotent: true, handler: bdCreatePayin },
  { method: "GET", path: "/v1/payins/:id", scope: PAYIN, handler: getPayin },
  { method: "POST", path: "/v1/payouts", scope: PAYOUT, market: "bangladesh", pausable: true, idempotent: true, handler: bdCreatePayout },
  { method: "GET", path: "/v1/payouts/:id", scope: PAYOUT, handler: getPayout },
  { method: "POST", path: "/v1/br/payins", scope: PAYIN, market: "brazil", idempotent: true, handler: brCreatePayin },
  { method: "POST", path: "/v1/br/payouts", scope: PAYOUT, market: "brazil", idempotent: true, handler: brCreatePayout },
];
