// §4.1 core endpoints: identity, balance, transactions, webhook URL.

import { validationError, type Detail } from "../errors";
import { fmt } from "../money";
import { iso, renderItem } from "../render";
import { POCKETS } from "../types";
import { Validator } from "../validate";
import { findTx, ok, type Ctx, type Route } from "./context";

const MERCHANT_CREATED = Date.parse("2025-03-01T09:00:00.000Z");

function me(ctx: Ctx) {
  const { env } = ctx;
  return ok({
    merchantId: "mer_sim_0001",
    name: "Simulated Merchant Ltd",
    environment: env.env,
    apiKeyPrefix: env.apiKey.slice(0, 9),
    scopes: [...env.scopes],
    webhookUrl: env.webhookUrl,
    createdAt: iso(MERCHANT_CREATED),
  });
}

function balance(ctx: Ctx) {
  const items = [];
  for (const c of POCKETS) {
    const p = ctx.env.visiblePocket(c);
    if (!p) continue;
    items.push({ currency: c, availableBalance: fmt(p.available, c), pendingBalance: fmt(p.pending, c), updatedAt: iso(p.updatedAt) });
  }
  return ok({ items });
}

const LIST_PARAMS = new Set(["type", "limit", "offset"]);

function intParam(raw: string | null, name: string, min: number, max: number, fallback: number, details: Detail[]): number {
  if (raw === null) return fallback;
  if (!/^[0-9]{1,9}$/.test(raw)) {
    details.push({ path: name, message: "must be an integer" });
    return fallback;
  }
  const n = Number(raw);
  if (n < min || n > max) details.push({ path: name, message: `must be between ${min} and ${max}` });
  return n;
}

/** The malformedTransactions fault: an item no reading of §2.3 accepts, its id kept so a client can name it. */
function garbled(item: ReturnType<typeof renderItem>): Record<string, unknown> {
  const { status: _status, ...rest } = item;
  return { ...rest, amount: "n/a" };
}

/** Newest first, one page sliced from the append-only index (no copy of the list). */
function listTransactions(ctx: Ctx) {
  const q = ctx.query;
  const details: Detail[] = [];
  const seen = new Set<string>();
  for (const key of q.keys()) {
    if (!LIST_PARAMS.has(key))
      details.push({ path: key, message: "is not a supported query parameter (filter rail and status in the application)" });
    else if (seen.has(key)) details.push({ path: key, message: "must be given once" });
    seen.add(key);
  }
  const type = q.get("type");
  if (type !== null && type !== "payin" && type !== "payout") details.push({ path: "type", message: "must be payin or payout" });
  const limit = intParam(q.get("limit"), "limit", 1, 100, 20, details);
  const offset = intParam(q.get("offset"), "offset", 0, 999_999_999, 0, details);
  if (details.length > 0) throw validationError(details, "Invalid query parameters");

  const source = type === "payin" ? ctx.env.payins : type === "payout" ? ctx.env.payouts : ctx.env.txs;
  const total = source.length;
  const malformed = new Set(ctx.sim.faults.malformedTransactions);
  const items = [];
  for (let i = total - 1 - offset, n = 0; i >= 0 && n < limit; i--, n++) {
    const item = renderItem(source[i] as (typeof source)[number]);
    items.push(malformed.has(item.id) ? garbled(item) : item);
  }
  return ok({ items, total, limit, offset });
}

function getTransaction(ctx: Ctx) {
  const item = renderItem(findTx(ctx.env, ctx.params.id, () => true));
  return ok(ctx.sim.faults.malformedTransactions.includes(item.id) ? garbled(item) : item);
}

function isAllowedWebhookUrl(v: string): boolean {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return false;
  }
  if (u.protocol === "https:") return true;
  return u.protocol === "http:" && (u.hostname === "localhost" || u.hostname === "127.0.0.1");
}

function patchWebhook(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  if (body.url !== null) {
    const url = v.string(body, "url", "url", { max: 2048 });
    if (url !== undefined && !isAllowedWebhookUrl(url)) v.fail("url", "must be an https URL");
  }
  v.done();
  ctx.env.webhookUrl = (body.url as string | null) ?? null;
  ctx.env.webhookUpdatedAt = ctx.now;
  return ok({ webhookUrl: ctx.env.webhookUrl, updatedAt: iso(ctx.now) });
}

export const coreRoutes: Route[] = [
  { method: "GET", path: "/v1/me", scope: null, handler: me },
  { method: "PATCH", path: "/v1/me/webhook", scope: null, handler: patchWebhook },
  { method: "GET", path: "/v1/balance", scope: ["balance:read"], handler: balance },
  { method: "GET", path: "/v1/transactions", scope: null, handler: listTransactions },
  { method: "GET", path: "/v1/transactions/:id", scope: null, handler: getTransaction },
];
