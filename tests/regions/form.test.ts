import { describe, expect, it } from "vitest";
import { payinFormConfig } from "@/features/payins/components/payin-forms";
import { payoutFormConfig } from "@/features/payouts/components/payout-forms";
import { formFieldErrors } from "@/components/money-movement/write-error";
import { bodyFromValues, initialValues, reviewRowsOf, type FieldSpec } from "@/lib/regions/form";
import { PAYIN_REGIONS, PAYOUT_REGIONS } from "@/lib/regions/regions";

const fields: FieldSpec[] = [
  { name: "amount", label: "Amount", decimal: true },
  { name: "currency", label: "Currency", kind: "select", options: ["EUR", "GBP"] },
  { name: "customer.name", label: "Name" },
  { name: "customer.taxId", label: "Tax id", optional: true },
  { name: "expiresInMinutes", label: "Minutes", kind: "integer", defaultValue: "60" },
];

describe("form scaffold", () => {
  it("starts from defaults and the first option", () => {
    expect(initialValues(fields, { amount: "5" })).toEqual({
      amount: "5",
      currency: "EUR",
      "customer.name": "",
      "customer.taxId": "",
      expiresInMinutes: "60",
    });
  });

  it("builds the nested body: trimmed strings, whole-number integers, blank optional fields left out, amounts stay strings", () => {
    const body = bodyFromValues(fields, {
      amount: " 10.50 ",
      currency: "GBP",
      "customer.name": " Eva ",
      "customer.taxId": "  ",
      expiresInMinutes: "30",
    });
    expect(body).toEqual({ amount: "10.50", currency: "GBP", customer: { name: "Eva" }, expiresInMinutes: 30 });
    // A non-integer stays a string so the schema (not this helper) reports it.
    expect(bodyFromValues(fields, { ...initialValues(fields), expiresInMinutes: "1.5" }).expiresInMinutes).toBe("1.5");
  });

  it("review rows are the body's fields in form order, values exactly as sent", () => {
    const body = { amount: "10.50", currency: "GBP", customer: { name: "Eva" }, expiresInMinutes: 30 };
    expect(reviewRowsOf(fields, body)).toEqual([
      { field: "amount", label: "Amount", value: "10.50" },
      { field: "currency", label: "Currency", value: "GBP" },
      { field: "customer.name", label: "Name", value: "Eva" },
      { field: "expiresInMinutes", label: "Minutes", value: "30" },
    ]);
  });

  it("an amount's row reads it grouped with its currency beside the exact value, the currency fixed or from another field", () => {
    const priced: FieldSpec[] = [
      { name: "amount", label: "Amount", decimal: true, currency: { field: "currency" } },
      { name: "currency", label: "Currency", kind: "select", options: ["EUR", "USDT"] },
    ];
    expect(reviewRowsOf(priced, { amount: "5000000", currency: "EUR" })[0]).toEqual({
      field: "amount",
      label: "Amount",
      value: "5000000",
      reading: "5,000,000.00 EUR",
    });
    expect(reviewRowsOf(priced, { amount: "1234.5", currency: "USDT" })[0]?.reading).toBe("1,234.500000 USDT");
    const fixed: FieldSpec[] = [{ name: "amount", label: "Amount (NGN)", decimal: true, currency: "NGN" }];
    expect(reviewRowsOf(fixed, { amount: "500000" })[0]?.reading).toBe("500,000.00 NGN");
    // Every region's amount field names its currency, so every review has the reading.
    for (const region of PAYIN_REGIONS)
      expect(payinFormConfig(region).fields.find((f) => f.name === "amount")?.currency, region).toBeDefined();
    for (const region of PAYOUT_REGIONS)
      expect(payoutFormConfig(region).fields.find((f) => f.name === "amount")?.currency, region).toBeDefined();
  });

  it("BFF field errors land on the form's fields", () => {
    expect(formFieldErrors({ "body.amount": ["too low"], reference: ["bad"] })).toEqual({ amount: ["too low"], reference: ["bad"] });
  });

  it("every region config names only fields its schema knows, and a filled form passes the schema", async () => {
    for (const config of [...PAYIN_REGIONS.map(payinFormConfig), ...PAYOUT_REGIONS.map(payoutFormConfig)]) {
      const values = Object.fromEntries(config.fields.map((f) => [f.name, f.options?.[0] ?? sample(f)]));
      const body = bodyFromValues(config.fields, values);
      const parsed = (await config.loadBodySchema()).safeParse(body);
      expect(parsed.success, `${config.id}: ${JSON.stringify(parsed.error)}`).toBe(true);
    }
  });
});

/** A value a person would type into the field, valid for the shared schema. */
const SAMPLES: Record<string, string> = {
  "beneficiary.iban": "DE89 3704 0044 0532 0130 00",
  pixKey: "123.456.789-01", // the form's first PIX key type is CPF
};

function sample(field: FieldSpec): string {
  if (field.name === "amount") return "500";
  if (field.optional) return "";
  const known = SAMPLES[field.name];
  if (known) return known;
  if (field.kind === "tel") return "+880 1712-345678";
  if (field.name.endsWith("name") && field.name !== "goodsInfo.name") return "Zoë O'Brien-Adeyemi";
  if (field.kind === "email") return "someone@example.com";
  if (field.kind === "url") return "https://shop.example/return";
  if (field.kind === "integer") return "30";
  return "x1";
}
