// India (§4.4): H2H UPI pay-ins, quoted in INR or USDT, credited to the USDT
// pocket. Trade events and their timing: README "India"; lifecycle in sim.ts.

import { SimError } from "../errors";
import { INDIA_RATE, iso, renderIndia } from "../render";
import { inrFromUsdt, usdtFromInr } from "../state";
import { Validator } from "../validate";
import { PAYIN, created, findTx, ok, type Ctx, type Route } from "../api/context";

function conversionRates(ctx: Ctx) {
  return ok({ base: "USDT", quote: "INR", rate: INDIA_RATE, asOf: iso(ctx.now) });
}

function createPayin(ctx: Ctx) {
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
  const tx = ctx.env.create("payin", "india", amt, symbol as string, ctx.now, {
    kind: "india",
    inrMinor,
    usdtMicro,
    tradeEvent: 1,
    utr: null,
  });
  ctx.sim.startPayin(ctx.env, tx);
  return created(renderIndia(tx));
}

const isIndia = (t: { type: string; rail: string }) => t.type === "payin" && t.rail === "india";

function getPayin(ctx: Ctx) {
  return ok(renderIndia(findTx(ctx.env, ctx.params.id, isIndia)));
}

function confirmPayment(ctx: Ctx) {
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

export const indiaRoutes: Route[] = [
  { method: "GET", path: "/v1/h2h/conversion-rates", scope: PAYIN, market: "india", handler: conversionRates },
  { method: "POST", path: "/v1/h2h/payin-instances", scope: PAYIN, market: "india", idempotent: true, handler: createPayin },
  { method: "GET", path: "/v1/h2h/payin-instances/:id", scope: PAYIN, market: "india", handler: getPayin },
  { method: "POST", path: "/v1/h2h/buyer-confirms-payment", scope: PAYIN, market: "india", handler: confirmPayment },
];
