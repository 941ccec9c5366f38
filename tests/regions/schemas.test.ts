import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { webhookChangeSchema } from "@/features/settings/schemas";
import { PAYIN_SUBMISSIONS, PAYOUT_SUBMISSIONS, utrSubmissionSchema } from "@/lib/requests/region-submissions";

const reference = "BR-20261122-ABCDEFGH";
const messages = (result: { success: boolean; error?: z.core.$ZodError }) =>
  result.success || !result.error ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

const bangladesh = {
  amount: "500",
  paymentMethodCode: "BKASH",
  returnUrl: "https://shop.example/return",
  customer: { name: "Rahim", email: "rahim@example.com", phone: "+8801700000000", deviceId: "dev-1" },
  goodsInfo: { name: "Order 1" },
};
const brazil = { amount: "100.00", paymentMethodCode: "PIX", customer: { name: "Ana", email: "ana@example.com" } };

describe("pay-in submissions", () => {
  it("Bangladesh: 200 to 25,000 BDT, https returnUrl, method from the list", () => {
    expect(PAYIN_SUBMISSIONS.bangladesh.safeParse({ reference, body: bangladesh }).success).toBe(true);
    expect(messages(PAYIN_SUBMISSIONS.bangladesh.safeParse({ reference, body: { ...bangladesh, amount: "199.99" } }))).toEqual([
      "body.amount: Amount must be at least 200.00 BDT",
    ]);
    expect(messages(PAYIN_SUBMISSIONS.bangladesh.safeParse({ reference, body: { ...bangladesh, amount: "25000.01" } }))).toEqual([
      "body.amount: Amount must be at most 25,000.00 BDT",
    ]);
    expect(PAYIN_SUBMISSIONS.bangladesh.safeParse({ reference, body: { ...bangladesh, returnUrl: "http://shop.example" } }).success).toBe(
      false,
    );
    expect(PAYIN_SUBMISSIONS.bangladesh.safeParse({ reference, body: { ...bangladesh, paymentMethodCode: "ROCKET" } }).success).toBe(false);
  });

  it("Brazil: PIX from 10.00 to 15,000.00 BRL", () => {
    expect(PAYIN_SUBMISSIONS.brazil.safeParse({ reference, body: { ...brazil, amount: "10" } }).success).toBe(true);
    expect(PAYIN_SUBMISSIONS.brazil.safeParse({ reference, body: { ...brazil, amount: "15000.00" } }).success).toBe(true);
    expect(messages(PAYIN_SUBMISSIONS.brazil.safeParse({ reference, body: { ...brazil, amount: "9.99" } }))).toEqual([
      "body.amount: Amount must be at least 10.00 BRL",
    ]);
    expect(messages(PAYIN_SUBMISSIONS.brazil.safeParse({ reference, body: { ...brazil, amount: "15000.01" } }))).toEqual([
      "body.amount: Amount must be at most 15,000.00 BRL",
    ]);
  });

  it("India, Europe and PYUSD have no amount bounds (§8 gives none), only well-formed positive amounts", () => {
    const india = PAYIN_SUBMISSIONS.india;
    expect(india.safeParse({ reference, body: { amount: "1000000", currencySymbol: "INR" } }).success).toBe(true);
    expect(india.safeParse({ reference, body: { amount: "0.000001", currencySymbol: "USDT" } }).success).toBe(true);
    expect(messages(india.safeParse({ reference, body: { amount: "10.001", currencySymbol: "INR" } }))).toEqual([
      "body.amount: Amount allows at most 2 decimals",
    ]);
    const europe = { amount: "0.01", currency: "EUR", customer: { name: "Eva", email: "eva@example.com" } };
    expect(PAYIN_SUBMISSIONS.europe.safeParse({ reference, body: europe }).success).toBe(true);
    expect(PAYIN_SUBMISSIONS.europe.safeParse({ reference, body: { ...europe, currency: "USD" } }).success).toBe(false);
    const pyusd = { amount: "99999", merchantReference: "PY-1", expiresInMinutes: 30 };
    expect(PAYIN_SUBMISSIONS.pyusd.safeParse({ body: pyusd }).success).toBe(true);
    expect(PAYIN_SUBMISSIONS.pyusd.safeParse({ body: { ...pyusd, expiresInMinutes: 4 } }).success).toBe(false);
    expect(PAYIN_SUBMISSIONS.pyusd.safeParse({ body: { ...pyusd, amount: "0" } }).success).toBe(false);
  });

  it("amounts are decimal strings, never numbers", () => {
    expect(PAYIN_SUBMISSIONS.brazil.safeParse({ reference, body: { ...brazil, amount: 100 } }).success).toBe(false);
    expect(PAYIN_SUBMISSIONS.brazil.safeParse({ reference, body: { ...brazil, amount: "1e3" } }).success).toBe(false);
  });

  it("pay-ins without a merchant id need a well-formed reference", () => {
    expect(PAYIN_SUBMISSIONS.brazil.safeParse({ body: brazil }).success).toBe(false);
    expect(PAYIN_SUBMISSIONS.brazil.safeParse({ reference: "", body: brazil }).success).toBe(false);
    expect(PAYIN_SUBMISSIONS.brazil.safeParse({ reference: "bad key with spaces 0123", body: brazil }).success).toBe(false);
  });
});

describe("payout submissions", () => {
  it("need a merchantReference and the region's beneficiary; no bounds (§8 gives none)", () => {
    const bd = {
      amount: "100000",
      paymentMethodCode: "NAGAD",
      merchantReference: "BD-1",
      beneficiary: { name: "Karim", walletNumber: "01700000000" },
    };
    expect(PAYOUT_SUBMISSIONS.bangladesh.safeParse({ body: bd }).success).toBe(true);
    expect(PAYOUT_SUBMISSIONS.bangladesh.safeParse({ body: { ...bd, merchantReference: " " } }).success).toBe(false);
    const br = { amount: "5", merchantReference: "BR-1", pixKey: "ana@example.com", pixKeyType: "EMAIL", beneficiary: { name: "Ana" } };
    expect(PAYOUT_SUBMISSIONS.brazil.safeParse({ body: br }).success).toBe(true);
    expect(PAYOUT_SUBMISSIONS.brazil.safeParse({ body: { ...br, pixKeyType: "IBAN" } }).success).toBe(false);
    const eu = { amount: "1000.00", merchantReference: "EU-1", beneficiary: { name: "Eva", iban: "DE89370400440532013000" } };
    expect(PAYOUT_SUBMISSIONS.europe.safeParse({ body: eu }).success).toBe(true);
    expect(PAYOUT_SUBMISSIONS.europe.safeParse({ body: { ...eu, beneficiary: { name: "Eva" } } }).success).toBe(false);
  });

  it("the India UTR is 12 digits", () => {
    expect(utrSubmissionSchema.safeParse({ utr: "123456789012" }).success).toBe(true);
    expect(utrSubmissionSchema.safeParse({ utr: "12345678901" }).success).toBe(false);
    // Typed in groups, as a bank's app shows it: sent as its 12 digits.
    expect(utrSubmissionSchema.safeParse({ utr: "1234 5678 9012" }).data?.utr).toBe("123456789012");
  });
});

describe("webhook change", () => {
  it("accepts https with the host typed again, refuses http and a mistyped host", () => {
    expect(
      webhookChangeSchema.safeParse({ url: "https://hooks.example.com/pay", confirmHost: "HOOKS.example.com", replacing: null }).success,
    ).toBe(true);
    expect(
      messages(
        webhookChangeSchema.safeParse({
          url: "http://hooks.example.com/pay",
          confirmHost: "hooks.example.com",
          replacing: "https://old.example.com/pay",
        }),
      )[0],
    ).toContain("Enter an https:// URL with a domain name");
    expect(
      messages(
        webhookChangeSchema.safeParse({
          url: "https://exa mple.com/pay",
          confirmHost: "exa mple.com",
          replacing: "https://old.example.com/pay",
        }),
      )[0],
    ).toContain("A URL cannot contain spaces");
    expect(
      messages(
        webhookChangeSchema.safeParse({
          url: "http://localhost:9000/hook",
          confirmHost: "localhost:9000",
          replacing: "https://old.example.com/pay",
        }),
      )[0],
    ).toContain("https");
    expect(
      messages(
        webhookChangeSchema.safeParse({
          url: "https://hooks.example.com/pay",
          confirmHost: "hooks.example.co",
          replacing: "https://old.example.com/pay",
        }),
      ),
    ).toEqual(["confirmHost: Type the new URL's host exactly to confirm"]);
    // A user name or password in the URL would be kept in the audit trail and the webhook history.
    for (const url of ["https://user:pw@hooks.example.com/pay", "https://token@hooks.example.com/pay"]) {
      expect(messages(webhookChangeSchema.safeParse({ url, confirmHost: "hooks.example.com", replacing: null }))).toEqual([
        "url: Leave the user name and password out of the URL (nothing before an @): they would be kept in the audit trail",
      ]);
    }
    // The page states what it showed; a body without it is refused, as is a control character.
    expect(webhookChangeSchema.safeParse({ url: "https://hooks.example.com/pay", confirmHost: "hooks.example.com" }).success).toBe(false);
    expect(
      messages(
        webhookChangeSchema.safeParse({ url: "https://hooks.example.com/p\u001b", confirmHost: "hooks.example.com", replacing: null }),
      ),
    ).toEqual([expect.stringContaining("control characters")]);
  });
});
