// Nigeria (§4.6, live only): the virtual account, bank list, name enquiry and
// NGN payouts. Inbound credits are POST /_sim/ngn/inbound (sim.ts); README "Nigeria".

import { SimError, notFound } from "../errors";
import { renderNgnPayout, renderVirtualAccount } from "../render";
import { MIN } from "../types";
import { Validator } from "../validate";
import { PAYIN, PAYOUT, created, findTx, fundedPocket, ok, type Ctx, type Route } from "../api/context";

/** @internal */
export const BANKS: ReadonlyArray<{ bankCode: string; bankName: string }> = [
  { bankCode: "044", bankName: "Access Bank" },
  { bankCode: "023", bankName: "Citibank Nigeria" },
  { bankCode: "050", bankName: "Ecobank Nigeria" },
  { bankCode: "070", bankName: "Fidelity Bank" },
  { bankCode: "011", bankName: "First Bank of Nigeria" },
  { bankCode: "214", bankName: "First City Monument Bank" },
  { bankCode: "058", bankName: "Guaranty Trust Bank" },
  { bankCode: "030", bankName: "Heritage Bank" },
  { bankCode: "301", bankName: "Jaiz Bank" },
  { bankCode: "082", bankName: "Keystone Bank" },
  { bankCode: "50211", bankName: "Kuda Microfinance Bank" },
  { bankCode: "50515", bankName: "Moniepoint Microfinance Bank" },
  { bankCode: "999992", bankName: "OPay Digital Services" },
  { bankCode: "999991", bankName: "PalmPay" },
  { bankCode: "076", bankName: "Polaris Bank" },
  { bankCode: "101", bankName: "Providus Bank" },
  { bankCode: "221", bankName: "Stanbic IBTC Bank" },
  { bankCode: "232", bankName: "Sterling Bank" },
  { bankCode: "032", bankName: "Union Bank of Nigeria" },
  { bankCode: "033", bankName: "United Bank for Africa" },
  { bankCode: "215", bankName: "Unity Bank" },
  { bankCode: "035", bankName: "Wema Bank" },
  { bankCode: "057", bankName: "Zenith Bank" },
];

const NAMES = [
  "ADAEZE OKAFOR",
  "CHINEDU EZE",
  "FUNMILAYO ADEYEMI",
  "IBRAHIM MUSA",
  "NGOZI NWOSU",
  "OLUWASEUN BALOGUN",
  "TUNDE BAKARE",
  "YETUNDE ALABI",
];

const VA_READY_AFTER = 2 * MIN;

function getVirtualAccount(ctx: Ctx) {
  const va = ctx.env.virtualAccount;
  if (!va) throw notFound("Virtual account");
  return ok(renderVirtualAccount(va, ctx.now));
}

function isPastDate(s: string, now: number): boolean {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s && t < now;
}

/** Provisioned once: a later call (any Idempotency-Key) answers 200 with the existing record. */
function provisionVirtualAccount(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  v.string(body, "bvn", "bvn", { pattern: /^[0-9]{11}$/, patternMessage: "must be 11 digits" });
  const firstName = v.string(body, "firstName", "firstName", { max: 100 });
  const lastName = v.string(body, "lastName", "lastName", { max: 100 });
  v.string(body, "phoneNumber", "phoneNumber", { pattern: /^\+?[0-9]{10,15}$/, patternMessage: "must be a phone number" });
  const dob = v.string(body, "dateOfBirth", "dateOfBirth", {
    pattern: /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/,
    patternMessage: "must be YYYY-MM-DD",
  });
  if (dob !== undefined && !isPastDate(dob, ctx.now)) v.fail("dateOfBirth", "must be a valid date in the past");
  const customerEmail = v.email(body, "customerEmail", "customerEmail");
  v.done();
  const { env } = ctx;
  if (env.virtualAccount) return ok(renderVirtualAccount(env.virtualAccount, ctx.now));
  env.virtualAccount = {
    id: env.newId("va", 20),
    firstName: firstName as string,
    lastName: lastName as string,
    customerEmail: customerEmail as string,
    accountNumber: `99${env.newDigits(8)}`,
    bankName: "Providus Bank",
    accountName: `Simulated Merchant Ltd / ${firstName} ${lastName}`,
    createdAt: ctx.now,
    readyAt: ctx.now + VA_READY_AFTER,
  };
  return created(renderVirtualAccount(env.virtualAccount, ctx.now));
}

function banks(ctx: Ctx) {
  const search = (ctx.query.get("search") ?? "").trim().toLowerCase();
  return ok({ items: search ? BANKS.filter((b) => b.bankName.toLowerCase().includes(search)) : BANKS });
}

function verifyAccount(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const accountNumber = v.string(body, "accountNumber", "accountNumber", { pattern: /^[0-9]{10}$/, patternMessage: "must be 10 digits" });
  const bankCode = v.string(body, "bankCode", "bankCode", { max: 10 });
  v.done();
  const bank = BANKS.find((b) => b.bankCode === bankCode);
  if (!bank || (accountNumber as string).endsWith("0000")) {
    throw new SimError(400, "Name enquiry failed: the account could not be resolved", "name_enquiry_failed");
  }
  let h = 0;
  for (const ch of accountNumber as string) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const renamed = ctx.env.ngnAccountNames.get(`${bankCode as string}:${accountNumber as string}`);
  return ok({ accountNumber, bankCode, bankName: bank.bankName, accountName: renamed ?? NAMES[h % NAMES.length] });
}

function createPayout(ctx: Ctx) {
  const body = ctx.body();
  const v = new Validator();
  const amount = v.amount(body, "amount", "amount", "NGN", { min: 500_00n, max: 5_000_000_00n });
  const merchantReference = v.string(body, "merchantReference", "merchantReference", { max: 100 });
  const description = v.string(body, "description", "description", { optional: true, max: 140 });
  const ben = v.object(body, "beneficiary", "beneficiary");
  const accountNumber =
    ben &&
    v.string(ben, "accountNumber", "beneficiary.accountNumber", { pattern: /^[0-9]{10}$/, patternMessage: "must be a 10-digit NUBAN" });
  const bankCode = ben && v.string(ben, "bankCode", "beneficiary.bankCode", { max: 10 });
  const accountName = ben && v.string(ben, "accountName", "beneficiary.accountName");
  const bankName = ben && v.string(ben, "bankName", "beneficiary.bankName");
  v.done();
  fundedPocket(ctx.env, "nigeria", amount as bigint);
  const tx = ctx.env.create("payout", "nigeria", amount as bigint, "NGN", ctx.now, {
    kind: "ngnPayout",
    reference: `NGNP-${ctx.env.newDigits(12)}`,
    merchantReference: merchantReference as string,
    ...(description !== undefined ? { description } : {}),
    beneficiary: {
      accountNumber: accountNumber as string,
      bankCode: bankCode as string,
      accountName: accountName as string,
      bankName: bankName as string,
    },
    withdrawalStatus: "queued",
  });
  ctx.sim.startPayout(ctx.env, tx, true);
  return created(renderNgnPayout(tx));
}

function getPayout(ctx: Ctx) {
  return ok(renderNgnPayout(findTx(ctx.env, ctx.params.id, (t) => t.type === "payout" && t.rail === "nigeria")));
}

export const nigeriaRoutes: Route[] = [
  { method: "GET", path: "/v1/ngn/virtual-account", scope: PAYIN, market: "nigeria", handler: getVirtualAccount },
  { method: "POST", path: "/v1/ngn/virtual-account", scope: PAYIN, market: "nigeria", idempotent: true, handler: provisionVirtualAccount },
  { method: "GET", path: "/v1/ngn/banks", scope: [...PAYIN, ...PAYOUT], market: "nigeria", handler: banks },
  { method: "POST", path: "/v1/ngn/verify-account", scope: PAYOUT, market: "nigeria", handler: verifyAccount },
  { method: "POST", path: "/v1/ngn/payouts", scope: PAYOUT, market: "nigeria", idempotent: true, handler: createPayout },
  { method: "GET", path: "/v1/ngn/payouts/:id", scope: PAYOUT, market: "nigeria", handler: getPayout },
];
