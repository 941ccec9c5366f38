import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { payoutSubmissionSchema, provisionSubmissionSchema } from "@/lib/requests/ngn-submissions";
import { newReference, REFERENCE_PREFIX } from "@/lib/references";
import { nigeriaVerifyAccountRequestSchema, nigeriaVirtualAccountRequestSchema } from "@/lib/requests";
import { exceedsAvailable } from "@/features/nigeria/amount";
import { VIRTUAL_ACCOUNT_FORM } from "../support/virtual-account-form";

const form = VIRTUAL_ACCOUNT_FORM;
const payout = {
  amount: "1500.50",
  merchantReference: "NGN-20261122-ABCDEFGH",
  beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" },
  beneficiaryToken: "sealed",
};

function fieldsOf(schema: z.ZodMiniType, value: unknown): Record<string, string[]> {
  const result = z.safeParse(schema, value);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join(".")] ??= []).push(issue.message);
  return fields;
}

describe("virtual account form", () => {
  it("accepts the six fields", () => {
    expect(fieldsOf(nigeriaVirtualAccountRequestSchema, form)).toEqual({});
  });

  it.each([
    ["bvn", "1234567890", "BVN is 11 digits"],
    ["bvn", "1234567890a", "BVN is 11 digits"],
    ["dateOfBirth", "1990-02-30", "Date of birth must be a real date in the past"],
    ["dateOfBirth", "2999-01-01", "Date of birth must be a real date in the past"],
    ["dateOfBirth", "17/05/1990", "Date of birth is YYYY-MM-DD"],
    // A date picker given "1990-05-17" keystrokes in a DD/MM/YYYY locale made 0517-12-09: no one alive was born then.
    ["dateOfBirth", "0517-12-09", "Date of birth must be after 1900-01-01"],
    ["customerEmail", "not-an-email", "Must be an email address"],
    ["firstName", "   ", "First name is required"],
    ["phoneNumber", "12ab", "Phone number is 10 to 15 digits, optionally starting with +"],
  ])("refuses %s = %j with a field-level message", (field, value, message) => {
    expect(fieldsOf(nigeriaVirtualAccountRequestSchema, { ...form, [field]: value })).toEqual({ [field]: [message] });
  });

  it("needs a reference on the BFF body", () => {
    expect(fieldsOf(provisionSubmissionSchema, form)).toHaveProperty("reference");
    expect(fieldsOf(provisionSubmissionSchema, { ...form, reference: newReference(REFERENCE_PREFIX.virtualAccount) })).toEqual({});
  });
});

describe("name enquiry input", () => {
  it("wants a 10-digit NUBAN and a bank code", () => {
    expect(fieldsOf(nigeriaVerifyAccountRequestSchema, { bankCode: "058", accountNumber: "0123456789" })).toEqual({});
    expect(Object.keys(fieldsOf(nigeriaVerifyAccountRequestSchema, { bankCode: "", accountNumber: "123" })).sort()).toEqual([
      "accountNumber",
      "bankCode",
    ]);
  });
});

describe("payout submission", () => {
  it("accepts a well-formed payout", () => {
    expect(fieldsOf(payoutSubmissionSchema, payout)).toEqual({});
  });

  it.each([
    ["500", true],
    ["500.00", true],
    ["5000000", true],
    ["5000000.00", true],
    ["499.99", false],
    ["5000000.01", false],
    ["1000.123", false],
    ["1e4", false],
    ["-600", false],
    ["", false],
  ])("amount %j valid: %s", (amount, valid) => {
    expect(Object.hasOwn(fieldsOf(payoutSubmissionSchema, { ...payout, amount }), "amount")).toBe(!valid);
  });

  it("names the bound in the message", () => {
    expect(fieldsOf(payoutSubmissionSchema, { ...payout, amount: "499.99" }).amount).toEqual(["Amount must be at least 500.00 NGN"]);
    expect(fieldsOf(payoutSubmissionSchema, { ...payout, amount: "5000000.01" }).amount).toEqual([
      "Amount must be at most 5,000,000.00 NGN",
    ]);
  });

  it("refuses a reference with spaces and a payout without a token", () => {
    expect(fieldsOf(payoutSubmissionSchema, { ...payout, merchantReference: "a b" })).toHaveProperty("merchantReference");
    const { beneficiaryToken: _omit, ...withoutToken } = payout;
    expect(fieldsOf(payoutSubmissionSchema, withoutToken)).toHaveProperty("beneficiaryToken");
  });

  it("compares with the available balance as decimals", () => {
    expect(exceedsAvailable("1000.01", "1000.00")).toBe(true);
    expect(exceedsAvailable("1000.00", "1000")).toBe(false);
    // Typed as the balance is printed.
    expect(exceedsAvailable("1,000.01", "1000.00")).toBe(true);
    expect(exceedsAvailable("0.30", "0.3")).toBe(false);
  });
});
