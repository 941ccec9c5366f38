// PYUSD (§4.7, live only): payment intents credited to the PYUSD-USDC pocket,
// which is not the Europe USDC pocket (§1 rule 4). Lifecycle in sim.ts.

import { renderPyusd } from "../render";
import { MIN } from "../types";
import { Validator } from "../validate";
import { PAYIN, created, findTx, ok, type Ctx, type Route } from "../api/context";

function createIntent(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "PYUSD");
  const merchantReference = v.string(body, "merchantReference", "merchantReference", { max: 100 });
  const minutes = v.integer(body, "expiresInMinutes", "expiresInMinutes", 5, 1440);
  v.done();
  const tx = ctx.env.create("payin", "pyusd", amount as bigint, "PYUSD-USDC", ctx.now, {
    kind: "pyusd",
    merchantReference: merchantReference as string,
    expiresAt: ctx.now + (minutes as number) * MIN,
    settlementStatus: "awaiting_payment",
  });
  ctx.sim.startPayin(ctx.env, tx);
  return created(renderPyusd(tx));
}

function getIntent(ctx: Ctx) {
  return ok(renderPyusd(findTx(ctx.env, ctx.params.id, (t) => t.type === "payin" && t.rail === "pyusd")));
}

export const pyusdRoutes: Route[] = [
  { method: "POST", path: "/v1/pyusd/payment-intents", scope: PAYIN, market: "pyusd", idempotent: true, handler: createIntent },
  { method: "GET", path: "/v1/pyusd/payment-intents/:id", scope: PAYIN, market: "pyusd", handler: getIntent },
];
