import { describe, expect, it } from "vitest";
import { isFinalPayin, isFinalPayout, stillPayable } from "@/lib/regions/final-state";
import { newReference } from "@/lib/references";
import {
  expiredTimeToIso,
  mergeEuropeTransaction,
  toBangladeshPayinDto,
  toBrazilPayinDto,
  toEuropePayoutDto,
  toIndiaPayinDto,
  toLocalPayoutDto,
  toPyusdIntentDto,
} from "@/lib/server/money-writes/kinds/region-dto";
import { idempotencyKey } from "@/lib/server/money-writes/idempotency";
import { europeTransaction as transaction } from "../support/europe-transaction";

describe("idempotency key derivation", () => {
  it("pay-ins without a merchant id: environment + the browser's reference for the write, per region", () => {
    const key = idempotencyKey("test", "bangladesh-payin", "BD-20261122-ABCDEFGH");
    expect(key).toMatch(/^bangladesh-payin:test:[0-9a-f]{64}$/);
    expect(idempotencyKey("test", "bangladesh-payin", "BD-20261122-ABCDEFGH")).toBe(key);
    expect(idempotencyKey("test", "brazil-payin", "BD-20261122-ABCDEFGH")).not.toBe(key);
    expect(idempotencyKey("live", "bangladesh-payin", "BD-20261122-ABCDEFGH")).not.toBe(key);
  });

  it("PYUSD intents and payouts: environment + hashed merchantReference, scoped by write", () => {
    const intent = idempotencyKey("live", "pyusd-payin", "REF 1/ü");
    expect(intent).toMatch(/^pyusd-payin:live:[0-9a-f]{64}$/);
    const payout = idempotencyKey("live", "europe-payout", "REF 1/ü");
    expect(payout).toMatch(/^europe-payout:live:[0-9a-f]{64}$/);
    expect(payout).toBe(idempotencyKey("live", "europe-payout", "REF 1/ü"));
    expect(payout).not.toBe(idempotencyKey("live", "brazil-payout", "REF 1/ü"));
    expect(payout).not.toBe(idempotencyKey("test", "europe-payout", "REF 1/ü"));
  });

  it("fresh merchant references differ per attempt and name the region", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const counting = (n: number) => Uint8Array.from({ length: n }, (_, i) => i + 6);
    expect(newReference("EU", now, counting)).toBe("EU-20261122-6789ABCDEF");
    expect(newReference("NGN", now, counting)).toBe("NGN-20261122-6789ABCD");
    expect(newReference("BR")).not.toBe(newReference("BR"));
    // The shapes operators (and the end-to-end specs) know.
    expect(newReference("PY")).toMatch(/^PY-\d{8}-[0-9A-F]{10}$/);
    expect(newReference("NGN")).toMatch(/^NGN-\d{8}-[A-Z0-9]{8}$/);
  });
});

describe("DTO mapping", () => {
  it("Bangladesh: hosted link, both expiries, fees labelled estimated until final", () => {
    const dto = toBangladeshPayinDto({
      transactionId: "tx_1",
      status: "pending",
      amount: "500.00",
      currency: "BDT",
      platformOrderId: "po_1",
      paymentInfo: { type: "url", content: "https://pay.sim.example/bd/po_1", expiredTime: "20261122103000" },
      expiresAt: "2026-11-22T10:30:00.000Z",
      fees: { platformFee: "12.50", feeStatus: "estimated" },
      netAmount: "487.50",
      totalWalletDebit: null,
    });
    expect(dto).toMatchObject({
      region: "bangladesh",
      paymentUrl: "https://pay.sim.example/bd/po_1",
      expiredTime: "20261122103000",
      expiredTimeIso: "2026-11-22T10:30:00.000Z",
      fees: { platformFee: "12.50", netAmount: "487.50", feeStatus: "estimated", estimated: true },
    });
    expect(
      toBangladeshPayinDto({ transactionId: "tx_1", status: "success", fees: { platformFee: "1", feeStatus: "final" } }).fees.estimated,
    ).toBe(false);
    expect(expiredTimeToIso("not a time")).toBeNull();
  });

  // The schemas take any string: only an https page is offered as a link to open or hand on.
  it("keeps a payment or checkout page only when it is an https URL", () => {
    const bangladesh = (content: string) =>
      toBangladeshPayinDto({ transactionId: "tx_1", status: "pending", paymentInfo: { type: "url", content } }).paymentUrl;
    expect(bangladesh("https://pay.example/bd/1")).toBe("https://pay.example/bd/1");
    for (const content of ["http://pay.example/bd/1", "javascript:alert(1)", "data:text/html,hi", "ftp://pay.example/x", "not a url"])
      expect(bangladesh(content), content).toBeNull();
    expect(toBrazilPayinDto({ transactionId: "tx_2", status: "pending", paymentInfo: { url: "http://pix.example/q" } }).pixUrl).toBeNull();
  });

  it("Brazil: PIX code and url from paymentInfo; missing fields become null", () => {
    const dto = toBrazilPayinDto({
      transactionId: "tx_2",
      status: "pending",
      paymentInfo: { type: "pix", code: "000201PIX", url: "https://pix.example/q" },
    });
    expect(dto).toMatchObject({ pixCode: "000201PIX", pixUrl: "https://pix.example/q", amount: null, expiredTime: null });
  });

  it("India: currencySymbol, both amounts, UPI details and trade event", () => {
    const dto = toIndiaPayinDto({
      transactionId: "tx_3",
      status: "pending",
      amount: "8850.00",
      currencySymbol: "INR",
      inrAmount: "8850.00",
      usdtAmount: "100.000000",
      rate: "88.50",
      upi: { vpa: "merchant@upi", payeeName: "Shop", intentUrl: "upi://pay?pa=merchant@upi" },
      tradeEvent: 2,
      utr: null,
    });
    expect(dto).toMatchObject({ currency: "INR", usdtAmount: "100.000000", upi: { vpa: "merchant@upi" }, tradeEvent: 2, utr: null });
  });

  it("PYUSD: deposit address and settlement status; a missing status reads pending", () => {
    const dto = toPyusdIntentDto({ transactionId: "tx_4", settlementStatus: "awaiting_payment", depositAddress: "0xabc" });
    expect(dto).toMatchObject({
      status: "pending",
      settlementStatus: "awaiting_payment",
      depositAddress: "0xabc",
      creditCurrency: "PYUSD-USDC",
    });
    expect(isFinalPayin(dto)).toBe(false);
    expect(isFinalPayin({ ...dto, settlementStatus: "settled", status: "success" })).toBe(true);
    expect(isFinalPayin({ ...dto, settlementStatus: "expired", status: "failed" })).toBe(true);
  });

  // A link, code or address copied after the request ended takes money no pocket is credited with.
  it("offers a pay-in's payment details only while pending and before each of its expiries", () => {
    const now = Date.parse("2026-11-22T10:00:00.000Z");
    const bd = toBangladeshPayinDto({
      transactionId: "tx_1",
      status: "pending",
      paymentInfo: { type: "url", content: "https://pay.example/bd/1", expiredTime: "20261122103000" },
      expiresAt: "2026-11-22T11:00:00.000Z",
    });
    expect(stillPayable(bd, now)).toBe(true);
    expect(stillPayable(bd, Date.parse("2026-11-22T10:30:00.000Z"))).toBe(false); // the provider's link expired first
    expect(stillPayable({ ...bd, expiresAt: "2026-11-22T09:59:59.000Z" }, now)).toBe(false);
    expect(stillPayable({ ...bd, status: "failed" }, now)).toBe(false);
    expect(stillPayable({ ...bd, status: "success" }, now)).toBe(false);
    const pyusd = toPyusdIntentDto({ transactionId: "tx_4", status: "pending", settlementStatus: "expired", depositAddress: "0xabc" });
    expect(stillPayable(pyusd, now)).toBe(false);
    expect(stillPayable({ ...pyusd, settlementStatus: "pending", expiresAt: null }, now)).toBe(true);
  });

  it("a payout's fee is shown where its answer carries one, and only there (none is known before sending)", () => {
    const answer = { transactionId: "tx_f", status: "pending" as const, amount: "100.00", currency: "BRL", beneficiary: { name: "Ana" } };
    expect(toLocalPayoutDto("brazil", { ...answer, fee: "2.50", totalWalletDebit: "102.50" })).toMatchObject({
      fee: "2.50",
      debitAmount: "102.50",
    });
    expect(toLocalPayoutDto("brazil", answer).fee).toBeNull();
    expect(toEuropePayoutDto({ transactionId: "tx_e", status: "pending" }).fee).toBeNull();
  });

  it("payouts: local debit in the local pocket; Europe in USDC with its approval state", () => {
    const bd = toLocalPayoutDto("bangladesh", {
      transactionId: "tx_5",
      status: "pending",
      amount: "100.00",
      currency: "BDT",
      totalWalletDebit: "100.00",
      beneficiary: { name: "Karim", walletNumber: "017" },
    });
    expect(bd).toMatchObject({ debitAmount: "100.00", debitCurrency: "BDT", beneficiaryName: "Karim", approvalStatus: null });
    expect(JSON.stringify(bd)).not.toContain("017"); // the wallet number is not echoed
    const eu = toEuropePayoutDto({
      transactionId: "tx_6",
      status: "pending",
      amount: "1000.00",
      currency: "EUR",
      debitAmount: "1080.000000",
      debitCurrency: "USDC",
      requiresApproval: true,
    });
    expect(eu).toMatchObject({ approvalStatus: "awaiting_approval", debitCurrency: "USDC" });
    expect(toEuropePayoutDto({ transactionId: "tx_7", status: "pending", requiresApproval: false }).approvalStatus).toBe("not_required");
    expect(
      toEuropePayoutDto({ transactionId: "tx_8", status: "pending", approvalStatus: "approved", requiresApproval: true }).approvalStatus,
    ).toBe("approved");
    expect(isFinalPayout(eu)).toBe(false);
  });

  it("a Europe payout's status merges the transaction over what the create said", () => {
    const known = toEuropePayoutDto({
      transactionId: "tx_6",
      status: "pending",
      amount: "1000.00",
      currency: "EUR",
      merchantReference: "EU-1",
      requiresApproval: true,
    });
    const merged = mergeEuropeTransaction(known, transaction("tx_6", "success"));
    expect(merged).toMatchObject({
      status: "success",
      amount: "1000.00",
      merchantReference: "EU-1",
      debitAmount: "1080.000000",
      debitCurrency: "USDC",
    });
    expect(mergeEuropeTransaction(undefined, transaction("tx_9", "pending"))).toMatchObject({ amount: null, approvalStatus: null });
  });
});
