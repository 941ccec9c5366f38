// §4.4 India (H2H UPI) and §4.5 Europe (Open Banking; USDC pocket).

import { SimError, businessError } from "../errors";
import { INDIA_RATE, iso, renderEuPayin, renderEuPayout, renderIndia } from "../render";
import { eurCrypto, inrFromUsdt, usdtFromInr } from "../state";
import { Validator } from "../validate";
import { PAYIN, PAYOUT, created, findTx, fundedPocket, ok, type Ctx, type Route } from "./context";

function conversionRates(ctx: Ctx) {
  return ok({ base: "USDT", quote: "INR", rate: INDIA_RATE, asOf: iso(ctx.now) });
}

function indiaCreate(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const symbol = v.string(body, "currencySymbol", "currencySymbol", { oneOf: ["INR", "USDT"] });
  const amount = v.amount(body, "amount", "amount", symbol ?? "USDT");
  const customer = v.object(body, "customer", "customer", true);
  if (customer) {
    v.string(customer, "name", "customer.name", { optional: true });
    v.email(customer, "email", "customer.email", true);
    v.string(customer, "phone", "customer.phone", { optional: true, max: 32 });
  }
  v.done();
  const amt = amount as bigint;
  const inrMinor = symbol === "INR" ? amt : inrFromUsdt(amt);
  const usdtMicro = symbol === "INR" ? usdtFromInr(amt) : amt;
  if (usdtMicro <= 0n) throw new SimError(400, "Validation failed", undefined, [{ path: "amount", message: "is below 0.000001 USDT" }]);
  const tx = ctx.env.create("payin", "india", amt, symbol as string, ctx.now, { kind: "india", inrMinor, usdtMicro, tradeEvent: 1, utr: null });
  ctx.sim.startPayin(ctx.env, tx);
  return created(renderIndia(tx));
}

const isIndia = (t: { type: string; rail: string }) => t.type === "payin" && t.rail === "india";

function indiaGet(ctx: Ctx) {
  return ok(renderIndia(findTx(ctx.env, ctx.params.id, isIndia)));
}

function indiaConfirm(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const id = v.string(body, "transactionId", "transactionId");
  const utr = v.string(body, "utr", "utr", { pattern: /^[0-9]{12}$/, patternMessage: "must be 12 digits" });
  v.done();
  const tx = findTx(ctx.env, id, isIndia);
  const ext = tx.ext?.kind === "india" ? tx.ext : null;
  if (ext && ext.tradeEvent === 3 && ext.utr === utr) return ok(renderIndia(tx));
  if (!ext || tx.status !== "pending" || ext.tradeEvent > 2) {
    throw new SimError(409, `The pay-in is at trade event ${ext?.tradeEvent ?? "-"} and cannot take a UTR`, "invalid_state");
  }
  ctx.sim.indiaConfirm(ctx.env, tx, utr as string, ctx.now);
  return ok(renderIndia(tx));
}

function euCreatePayin(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const currency = v.string(body, "currency", "currency", { oneOf: ["EUR", "GBP"] });
  const amount = v.amount(body, "amount", "amount", currency ?? "EUR");
  const customer = v.object(body, "customer", "customer");
  if (customer) {
    v.string(customer, "name", "customer.name");
    v.email(customer, "email", "customer.email");
  }
  v.httpsUrl(body, "returnUrl", "returnUrl", true);
  v.done();
  const tx = ctx.env.create("payin", "europe", amount as bigint, currency as string, ctx.now, { kind: "euPayin", eventId: 1 });
  ctx.sim.startPayin(ctx.env, tx);
  return created(renderEuPayin(tx));
}

function euGetPayin(ctx: Ctx) {
  return ok(renderEuPayin(findTx(ctx.env, ctx.params.id, (t) => t.type === "payin" && t.rail === "europe")));
}

const APPROVAL_THRESHOLD = 1_000_00n; // 1,000.00 EUR

function euCreatePayout(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const eur = v.amount(body, "amount", "amount", "EUR");
  const merchantReference = v.string(body, "merchantReference", "merchantReference", { max: 100 });
  const description = v.string(body, "description", "description", { optional: true, max: 140 });
  const ben = v.object(body, "beneficiary", "beneficiary");
  const name = ben && v.string(ben, "name", "beneficiary.name");
  const iban = ben && v.string(ben, "iban", "beneficiary.iban", { pattern: /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/, patternMessage: "must be an IBAN without spaces" });
  const bic = ben && v.string(ben, "bic", "beneficiary.bic", { optional: true, pattern: /^[A-Z0-9]{8}([A-Z0-9]{3})?$/, patternMessage: "must be a BIC" });
  v.done();
  const debit = eurCrypto(eur as bigint, "EUR");
  fundedPocket(ctx.env, "europe", debit);
  const requiresApproval = (eur as bigint) >= APPROVAL_THRESHOLD;
  const tx = ctx.env.create("payout", "europe", debit, "USDC", ctx.now, {
    kind: "euPayout",
    eurMinor: eur as bigint,
    merchantReference: merchantReference as string,
    beneficiary: bic === undefined ? { name: name as string, iban: iban as string } : { name: name as string, iban: iban as string, bic },
    ...(description !== undefined ? { description } : {}),
    approvalStatus: requiresApproval ? "awaiting_approval" : "not_required",
  });
  ctx.sim.startPayout(ctx.env, tx, !requiresApproval);
  return created(renderEuPayout(tx));
}

/** Idempotent: approving an approved (or not-required) payout returns the record. */
function euApprove(ctx: Ctx) {
  const tx = findTx(ctx.env, ctx.params.id, (t) => t.type === "payout" && t.rail === "europe");
  const ext = tx.ext;
  if (ext?.kind === "euPayout" && ext.approvalStatus === "awaiting_approval") {
    if (tx.status !== "pending") throw businessError(409, "invalid_state", `The payout is ${tx.status}`);
    fundedPocket(ctx.env, "europe", tx.amount);
    ext.approvalStatus = "approved";
    ctx.sim.debitAndRun(ctx.env, tx, ctx.now);
  }
  return ok(renderEuPayout(tx));
}

export const indiaEuropeRoutes: Route[] = [
  { method: "GET", path: "/v1/h2h/conversion-rates", scope: PAYIN, market: "india", handler: conversionRates },
  { method: "POST", path: "/v1/h2h/payin-instances", scope: PAYIN, market: "india", idempotent: true, handler: indiaCreate },
  { method: "GET", path: "/v1/h2h/payin-instances/:id", scope: PAYIN, market: "india", handler: indiaGet },
  { method: "POST", path: "/v1/h2h/buyer-confirms-payment", scope: PAYIN, market: "india", handler: indiaConfirm },
  { method: "POST", path: "/v1/eur/payin-instances", scope: PAYIN, market: "europe", idempotent: true, handler: euCreatePayin },
  { method: "GET", path: "/v1/eur/payin-instances/:id", scope: PAYIN, market: "europe", handler: euGetPayin },
  { method: "POST", path: "/v1/eur/payout-instances", scope: PAYOUT, market: "europe", idempotent: true, handler: euCreatePayout },
  { method: "POST", path: "/v1/eur/payout-instances/:id/approve", scope: PAYOUT, market: "europe", handler: euApprove },
];
