// Europe (§4.5): Open Banking pay-ins in EUR or GBP and EUR payouts, both
// settled in the USDC pocket; payouts of 1,000.00 EUR or more wait for an
// explicit approve (README "Europe"); lifecycle in sim.ts.

import { businessError } from "../errors";
import { renderEuPayin, renderEuPayout } from "../render";
import { eurCrypto } from "../state";
import { Validator } from "../validate";
import { PAYIN, PAYOUT, created, findTx, fundedPocket, ok, type Ctx, type Route } from "../api/context";

function createPayin(ctx: Ctx) {
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

function getPayin(ctx: Ctx) {
  return ok(renderEuPayin(findTx(ctx.env, ctx.params.id, (t) => t.type === "payin" && t.rail === "europe")));
}

const APPROVAL_THRESHOLD = 1_000_00n; // 1,000.00 EUR

function createPayout(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const eur = v.amount(body, "amount", "amount", "EUR");
  const merchantReference = v.string(body, "merchantReference", "merchantReference", { max: 100 });
  const description = v.string(body, "description", "description", { optional: true, max: 140 });
  const ben = v.object(body, "beneficiary", "beneficiary");
  const name = ben && v.string(ben, "name", "beneficiary.name");
  const iban =
    ben &&
    v.string(ben, "iban", "beneficiary.iban", {
      pattern: /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/,
      patternMessage: "must be an IBAN without spaces",
    });
  const bic =
    ben &&
    v.string(ben, "bic", "beneficiary.bic", { optional: true, pattern: /^[A-Z0-9]{8}([A-Z0-9]{3})?$/, patternMessage: "must be a BIC" });
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
function approvePayout(ctx: Ctx) {
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

export const europeRoutes: Route[] = [
  { method: "POST", path: "/v1/eur/payin-instances", scope: PAYIN, market: "europe", idempotent: true, handler: createPayin },
  { method: "GET", path: "/v1/eur/payin-instances/:id", scope: PAYIN, market: "europe", handler: getPayin },
  { method: "POST", path: "/v1/eur/payout-instances", scope: PAYOUT, market: "europe", idempotent: true, handler: createPayout },
  { method: "POST", path: "/v1/eur/payout-instances/:id/approve", scope: PAYOUT, market: "europe", handler: approvePayout },
];
