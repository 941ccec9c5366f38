import { describe, expect, it } from "vitest";
import {
  amountString,
  bangladeshPayinRequestSchema,
  indiaPayinRequestSchema,
  nigeriaVirtualAccountRequestSchema,
  updateWebhookRequestSchema,
} from "@/lib/requests";
import { balanceSchema } from "@/lib/payments/schemas/balance";
import { nigeriaPayoutSchema, virtualAccountSchema } from "@/lib/payments/schemas/nigeria";
import { transactionSchema } from "@/lib/payments/schemas/transactions";
import * as fixtures from "./fixtures";

describe("balance", () => {
  it("normalises the pocket identifier to currency, preferring currency", () => {
    const parsed = balanceSchema.parse({
      items: [
        { currency: "BDT", pocket: "ignored", availableBalance: "1.00", pendingBalance: "0.00" },
        { pocket: "NGN", availableBalance: "2.00", pendingBalance: "0.00" },
        { walletCurrency: "PYUSD-USDC", availableBalance: "3.000000", pendingBalance: "0.000000", updatedAt: "x" },
      ],
    });
    expect(parsed.items.map((item) => item.currency)).toEqual(["BDT", "NGN", "PYUSD-USDC"]);
    expect(parsed.items[1]).not.toHaveProperty("pocket");
    expect(parsed.items[2]).toMatchObject({ updatedAt: "x" });
  });

  it("rejects an item with no pocket identifier", () => {
    expect(balanceSchema.safeParse({ items: [{ availableBalance: "1", pendingBalance: "0" }] }).success).toBe(false);
  });
});

describe("transaction", () => {
  const item = fixtures.transactionItem;

  it("reads a rail it does not know as unknown", () => {
    expect(transactionSchema.parse({ ...item, rail: "mars" }).rail).toBe("unknown");
  });

  it("rejects uppercase statuses (§3)", () => {
    expect(transactionSchema.safeParse({ ...item, status: "SUCCESS" }).success).toBe(false);
  });
});

describe("nigeria", () => {
  it("promises the account details only when ready", () => {
    const ready = virtualAccountSchema.parse({ ready: true, accountNumber: "1", bankName: "B", accountName: "A" });
    expect(ready.ready && ready.accountNumber).toBe("1");
    expect(virtualAccountSchema.safeParse({ ready: true }).success).toBe(false);
    expect(virtualAccountSchema.parse({ ready: false, status: "provisioning" }).ready).toBe(false);
  });

  it("requires every §2.4 field of a payout poll", () => {
    expect(nigeriaPayoutSchema.safeParse({ transactionId: "t", status: "pending" }).success).toBe(false);
  });

  it("rejects a birth date that is not a real past date", () => {
    for (const dateOfBirth of ["1990-02-30", "2999-01-01", "17/05/1990"]) {
      expect(nigeriaVirtualAccountRequestSchema.safeParse({ ...fixtures.nigeriaVirtualAccount, dateOfBirth }).success).toBe(false);
    }
  });
});

describe("request amounts", () => {
  const bdt = amountString({ maxDecimals: 2, min: "200", max: "25000", currency: "BDT" });

  it.each(["200", "200.00", "25000.00", " 300.5 "])("accepts %j", (amount) => {
    expect(bdt.safeParse(amount).success).toBe(true);
  });

  it.each(["199.99", "25000.01", "1e3", "-300", "300.001", "", "0"])("rejects %j", (amount) => {
    expect(bdt.safeParse(amount).success).toBe(false);
  });

  it("rejects a number: money is a decimal string", () => {
    expect(bdt.safeParse(300).success).toBe(false);
  });

  it("limits India decimals by the quote currency", () => {
    expect(indiaPayinRequestSchema.safeParse({ amount: "10.123456", currencySymbol: "USDT" }).success).toBe(true);
    expect(indiaPayinRequestSchema.safeParse({ amount: "10.123", currencySymbol: "INR" }).success).toBe(false);
  });

  it("applies the §8 Bangladesh bounds to the pay-in body", () => {
    expect(bangladeshPayinRequestSchema.safeParse({ ...fixtures.bangladeshPayin, amount: "25001" }).success).toBe(false);
  });
});

describe("webhook url", () => {
  it("accepts https only, or null to unregister", () => {
    expect(updateWebhookRequestSchema.safeParse({ url: null }).success).toBe(true);
    expect(updateWebhookRequestSchema.safeParse({ url: "https://hooks.example/x" }).success).toBe(true);
    expect(updateWebhookRequestSchema.safeParse({ url: "http://hooks.example/x" }).success).toBe(false);
  });
});
