// Brazil (§4.3): PIX pay-ins and payouts, BRL pocket. Its status polls are
// Bangladesh's shared GET /v1/payins/:id and /v1/payouts/:id (bangladesh.ts).

import { renderBdBrPayin, renderBdBrPayout } from "../render";
import { Validator } from "../validate";
import { PAYIN, PAYOUT, created, fundedPocket, type Ctx, type Route } from "../api/context";

const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const;

function createPayin(ctx: Ctx) {
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

function createPayout(ctx: Ctx) {
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

export const brazilRoutes: Route[] = [
  { method: "POST", path: "/v1/br/payins", scope: PAYIN, market: "brazil", idempotent: true, handler: createPayin },
  { method: "POST", path: "/v1/br/payouts", scope: PAYOUT, market: "brazil", idempotent: true, handler: createPayout },
];
