// Lifecycles driven by /_sim/advance: exact credits per region, payout
// debit/refund, Europe approval. Empty seeds so the opening balances are exact.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningSimulator } from "@/simulator/server";
import {
  advance,
  api,
  balances,
  bdPayin,
  bdPayout,
  boot,
  brPayin,
  brPayout,
  create,
  ctl,
  euPayin,
  euPayout,
  ngnPayout,
  readyVirtualAccount,
} from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await boot({ liveSize: 0, testSize: 0 });
});
afterAll(() => sim.close());
beforeEach(() => ctl(sim, "POST", "/_sim/reset", {}));

const item = async (env: "test" | "live", id: string) => (await api(sim, env, "GET", `/v1/transactions/${id}`)).body;

describe("pay-in credits", () => {
  it("Bangladesh: pending, then BDT credited amount minus 2.5 %", async () => {
    const r = await create(sim, "test", "/v1/payins", bdPayin("1000.00"));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: "pending",
      currency: "BDT",
      netAmount: "975.00",
      fees: { platformFee: "25.00", feeStatus: "estimated" },
      totalWalletDebit: null,
    });
    expect(r.body.paymentInfo.content).toBe(`https://pay.sim.example/bd/${r.body.platformOrderId}`);
    expect(r.body.paymentInfo.expiredTime).toMatch(/^[0-9]{14}$/);
    expect(await balances(sim, "test")).toMatchObject({ BDT: { available: "250000.00", pending: "1000.00" } });
    await advance(sim, 599);
    expect((await api(sim, "test", "GET", `/v1/payins/${r.body.transactionId}`)).body.status).toBe("pending");
    await advance(sim, 1);
    const done = (await api(sim, "test", "GET", `/v1/payins/${r.body.transactionId}`)).body;
    expect(done).toMatchObject({ status: "success", fees: { feeStatus: "final" }, rail: "bangladesh" });
    expect(done.completedAt).not.toBeNull();
    expect(await balances(sim, "test")).toMatchObject({ BDT: { available: "250975.00", pending: "0.00" } });
    expect(await item("test", r.body.transactionId)).toMatchObject({ status: "success", paidAmount: "1000.00" });
  });

  it("Brazil: BRL credited amount minus 1 %", async () => {
    const r = await create(sim, "test", "/v1/br/payins", brPayin("100.00"));
    expect(r.body.paymentInfo).toMatchObject({ type: "pix", url: expect.stringContaining("https://") });
    expect(r.body.paymentInfo.code).toEqual(expect.any(String));
    await advance(sim, 600);
    expect(await balances(sim, "test")).toMatchObject({ BRL: { available: "40099.00", pending: "0.00" } });
  });

  it("India INR: USDT at the conversion-rates rate, credited on trade event 4", async () => {
    const rate = (await api(sim, "test", "GET", "/v1/h2h/conversion-rates")).body.rate;
    expect(rate).toBe("88.50");
    const r = await create(sim, "test", "/v1/h2h/payin-instances", { amount: "10000.00", currencySymbol: "INR" });
    expect(r.body).toMatchObject({
      currencySymbol: "INR",
      inrAmount: "10000.00",
      usdtAmount: "112.994350",
      rate,
      tradeEvent: 1,
      netAmount: "109.604519",
    });
    expect(r.body.fees.platformFee).toBe("3.389831");
    expect(await balances(sim, "test")).toMatchObject({ USDT: { pending: "112.994350" } });
    await advance(sim, 120);
    const at2 = (await api(sim, "test", "GET", `/v1/h2h/payin-instances/${r.body.transactionId}`)).body;
    expect(at2).toMatchObject({ tradeEvent: 2, status: "pending" });
    expect((await balances(sim, "test")).USDT?.available).toBe("12000.000000");
    await advance(sim, 120);
    const at4 = (await api(sim, "test", "GET", `/v1/h2h/payin-instances/${r.body.transactionId}`)).body;
    expect(at4).toMatchObject({ tradeEvent: 4, status: "success" });
    expect(await balances(sim, "test")).toMatchObject({ USDT: { available: "12109.604519", pending: "0.000000" } });
    expect(await item("test", r.body.transactionId)).toMatchObject({ amount: "10000.00", currency: "INR" });
  });

  it("India USDT with a UTR: event 3, then 6 credits USDT", async () => {
    const r = await create(sim, "test", "/v1/h2h/payin-instances", { amount: "50.00", currencySymbol: "USDT" });
    expect(r.body).toMatchObject({ usdtAmount: "50.000000", inrAmount: "4425.00" });
    const c = await api(sim, "test", "POST", "/v1/h2h/buyer-confirms-payment", {
      transactionId: r.body.transactionId,
      utr: "123456789012",
    });
    expect(c.body).toMatchObject({ tradeEvent: 3, utr: "123456789012", status: "pending" });
    const bad = await api(sim, "test", "POST", "/v1/h2h/buyer-confirms-payment", { transactionId: r.body.transactionId, utr: "12345" });
    expect(bad.status).toBe(400);
    await advance(sim, 120);
    const done = (await api(sim, "test", "GET", `/v1/h2h/payin-instances/${r.body.transactionId}`)).body;
    expect(done).toMatchObject({ tradeEvent: 6, status: "success" });
    expect((await balances(sim, "test")).USDT?.available).toBe("12048.500000");
  });

  it("Europe: USDC credited cryptoAmount minus 1.5 % only when eventId reaches 5", async () => {
    const r = await create(sim, "test", "/v1/eur/payin-instances", euPayin("100.00"));
    expect(r.body).toMatchObject({ cryptoAmount: "108.000000", rate: "1.08", cryptoCurrency: "USDC", eventDetails: { eventId: 1 } });
    expect(r.body.checkoutUrl).toMatch(/^https:\/\//);
    await advance(sim, 360);
    const at4 = (await api(sim, "test", "GET", `/v1/eur/payin-instances/${r.body.transactionId}`)).body;
    expect(at4.eventDetails.eventId).toBe(4);
    expect(await balances(sim, "test")).toMatchObject({ USDC: { available: "25000.000000", pending: "108.000000" } });
    await advance(sim, 120);
    expect((await api(sim, "test", "GET", `/v1/eur/payin-instances/${r.body.transactionId}`)).body).toMatchObject({
      status: "success",
      eventDetails: { eventId: 5 },
    });
    expect(await balances(sim, "test")).toMatchObject({ USDC: { available: "25106.380000", pending: "0.000000" } });
  });

  it("Europe GBP converts at 1.27", async () => {
    const r = await create(sim, "test", "/v1/eur/payin-instances", euPayin("10.00", "GBP"));
    expect(r.body.cryptoAmount).toBe("12.700000");
  });

  it("PYUSD: awaiting → confirming → settled credits PYUSD-USDC minus 0.5 %", async () => {
    const r = await create(sim, "live", "/v1/pyusd/payment-intents", {
      amount: "100.00",
      merchantReference: "inv-1",
      expiresInMinutes: 30,
    });
    expect(r.body).toMatchObject({
      settlementStatus: "awaiting_payment",
      currency: "PYUSD",
      creditCurrency: "PYUSD-USDC",
      network: "ethereum",
      amount: "100.000000",
    });
    expect(r.body.depositAddress).toMatch(/^0x[0-9a-f]{40}$/);
    await advance(sim, 180);
    expect((await api(sim, "live", "GET", `/v1/pyusd/payment-intents/${r.body.transactionId}`)).body.settlementStatus).toBe("confirming");
    await advance(sim, 180);
    expect((await api(sim, "live", "GET", `/v1/pyusd/payment-intents/${r.body.transactionId}`)).body).toMatchObject({
      settlementStatus: "settled",
      status: "success",
    });
    const b = await balances(sim, "live");
    expect(b["PYUSD-USDC"]).toEqual({ available: "5099.500000", pending: "0.000000" });
    expect(b.USDC?.available).toBe("25000.000000");
  });

  it("PYUSD: a .13 intent stays awaiting and expires at expiresAt", async () => {
    const r = await create(sim, "live", "/v1/pyusd/payment-intents", { amount: "20.13", merchantReference: "inv-2", expiresInMinutes: 10 });
    await advance(sim, 600);
    expect((await api(sim, "live", "GET", `/v1/pyusd/payment-intents/${r.body.transactionId}`)).body).toMatchObject({
      settlementStatus: "expired",
      status: "failed",
    });
    expect((await balances(sim, "live"))["PYUSD-USDC"]).toEqual({ available: "5000.000000", pending: "0.000000" });
  });

  it("Nigeria inbound credit: NGN net of 1 % capped at 2,000.00, payin.completed rail nigeria", async () => {
    await readyVirtualAccount(sim);
    const small = await ctl(sim, "POST", "/_sim/ngn/inbound", { amount: "10000.00" });
    expect(small).toMatchObject({ type: "payin", rail: "nigeria", status: "success", currency: "NGN", amount: "10000.00" });
    expect((await balances(sim, "live")).NGN?.available).toBe("8009900.00");
    await ctl(sim, "POST", "/_sim/ngn/inbound", { amount: "1000000.00" });
    expect((await balances(sim, "live")).NGN?.available).toBe("9007900.00");
  });

  it("a .13 pay-in fails and credits nothing", async () => {
    const r = await create(sim, "test", "/v1/payins", bdPayin("500.13"));
    await advance(sim, 600);
    expect((await item("test", r.body.transactionId)).status).toBe("failed");
    expect(await balances(sim, "test")).toMatchObject({ BDT: { available: "250000.00", pending: "0.00" } });
  });

  it("/_sim/settle forces an outcome now", async () => {
    const r = await create(sim, "test", "/v1/eur/payin-instances", euPayin("10.00"));
    await ctl(sim, "POST", "/_sim/settle", { env: "test", transactionId: r.body.transactionId, outcome: "success" });
    expect((await api(sim, "test", "GET", `/v1/eur/payin-instances/${r.body.transactionId}`)).body.eventDetails.eventId).toBe(5);
    expect((await balances(sim, "test")).USDC?.available).toBe("25010.638000");
    await advance(sim, 3600); // the old schedule does nothing more
    expect((await balances(sim, "test")).USDC?.available).toBe("25010.638000");
  });
});

describe("payouts", () => {
  it("Nigeria: debit at create, queued → processing → sent → completed, settled", async () => {
    const r = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("1000.00"));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: "pending",
      withdrawalStatus: "queued",
      settled: false,
      currency: "NGN",
      fee: "0.00",
      totalWalletDebit: "1000.00",
      environment: "live",
    });
    expect((await balances(sim, "live")).NGN?.available).toBe("7999000.00");
    const poll = async () => (await api(sim, "live", "GET", `/v1/ngn/payouts/${r.body.transactionId}`)).body;
    await advance(sim, 60);
    expect((await poll()).withdrawalStatus).toBe("processing");
    await advance(sim, 60);
    expect((await poll()).withdrawalStatus).toBe("sent");
    await advance(sim, 60);
    expect(await poll()).toMatchObject({ status: "success", withdrawalStatus: "completed", settled: true });
    expect((await balances(sim, "live")).NGN?.available).toBe("7999000.00");
  });

  it("Nigeria: an account ending 0013 fails at the bank and the debit is refunded", async () => {
    const r = await create(sim, "live", "/v1/ngn/payouts", ngnPayout("2500.00", "0123450013"));
    expect((await balances(sim, "live")).NGN?.available).toBe("7997500.00");
    await advance(sim, 180);
    expect((await api(sim, "live", "GET", `/v1/ngn/payouts/${r.body.transactionId}`)).body).toMatchObject({
      status: "failed",
      withdrawalStatus: "failed",
      settled: true,
    });
    expect((await balances(sim, "live")).NGN?.available).toBe("8000000.00");
    const ledger = await ctl(sim, "GET", `/_sim/ledger?env=live&transactionId=${r.body.transactionId}`);
    expect(ledger.items.map((e: { reason: string; delta: string }) => [e.reason, e.delta])).toEqual([
      ["payout.debit", "-2500.00"],
      ["payout.refund", "2500.00"],
    ]);
  });

  it("Bangladesh and Brazil payouts debit their own pocket; a .13 payout is refunded", async () => {
    const bd = await create(sim, "test", "/v1/payouts", bdPayout("100.13"));
    expect(bd.body).toMatchObject({ status: "pending", currency: "BDT", rail: "bangladesh", totalWalletDebit: "100.13", fee: "0.00" });
    const br = await create(sim, "test", "/v1/br/payouts", brPayout("40.00"));
    expect(await balances(sim, "test")).toMatchObject({ BDT: { available: "249899.87" }, BRL: { available: "39960.00" } });
    await advance(sim, 600);
    expect((await api(sim, "test", "GET", `/v1/payouts/${bd.body.transactionId}`)).body.status).toBe("failed");
    expect((await api(sim, "test", "GET", `/v1/payouts/${br.body.transactionId}`)).body.status).toBe("success");
    expect(await balances(sim, "test")).toMatchObject({ BDT: { available: "250000.00" }, BRL: { available: "39960.00" } });
  });

  it("Europe: 1,000 EUR or more waits for approve; USDC debited at approve, once", async () => {
    const big = await create(sim, "test", "/v1/eur/payout-instances", euPayout("1500.00"));
    expect(big.body).toMatchObject({
      requiresApproval: true,
      approvalStatus: "awaiting_approval",
      amount: "1500.00",
      currency: "EUR",
      debitAmount: "1620.000000",
      debitCurrency: "USDC",
    });
    expect((await balances(sim, "test")).USDC?.available).toBe("25000.000000");
    const approve = () => api(sim, "test", "POST", `/v1/eur/payout-instances/${big.body.transactionId}/approve`);
    const a1 = await approve();
    expect(a1.status).toBe(200);
    expect(a1.body.approvalStatus).toBe("approved");
    expect((await balances(sim, "test")).USDC?.available).toBe("23380.000000");
    expect((await approve()).body.approvalStatus).toBe("approved");
    expect((await balances(sim, "test")).USDC?.available).toBe("23380.000000");
    const listed = await api(sim, "test", "GET", `/v1/transactions/${big.body.transactionId}`);
    expect(listed.body).toMatchObject({ currency: "USDC", amount: "1620.000000", rail: "europe" });

    const small = await create(sim, "test", "/v1/eur/payout-instances", euPayout("999.99"));
    expect(small.body).toMatchObject({ requiresApproval: false, approvalStatus: "not_required", debitAmount: "1079.989200" });
    expect((await balances(sim, "test")).USDC?.available).toBe("22300.010800");
    await advance(sim, 600);
    expect((await api(sim, "test", "GET", `/v1/transactions/${small.body.transactionId}`)).body.status).toBe("success");
  });

  it("Europe approve re-checks the balance", async () => {
    const big = await create(sim, "test", "/v1/eur/payout-instances", euPayout("22500.00"));
    expect(big.status).toBe(201);
    await create(sim, "test", "/v1/eur/payout-instances", euPayout("900.00"));
    const r = await api(sim, "test", "POST", `/v1/eur/payout-instances/${big.body.transactionId}/approve`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("insufficient_balance");
  });
});
