import { describe, expect, it } from "vitest";
import {
  amountString,
  bicSchema,
  brazilPayoutRequestSchema,
  europePayoutRequestSchema,
  ibanSchema,
  INDIA_CUSTOMER_ALL_OR_NONE,
  indiaConfirmPaymentRequestSchema,
  indiaPayinRequestSchema,
  nigeriaPayoutDescriptionSchema,
  nigeriaVirtualAccountRequestSchema,
  personNameSchema,
  textUpTo,
  emailSchema,
  httpsUrlSchema,
  phoneSchema,
  walletNumberSchema,
} from "@/lib/requests";

// Issue 20: the form learns every limit the API would apply before the review opens, and
// says one thing per field, the most useful.
type Parsed = { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
const messagesAt = (result: Parsed, path: string) =>
  (result.error?.issues ?? []).filter((issue) => issue.path.join(".") === path).map((issue) => issue.message);

/** The first message of a refused value. */
const messageOf = (result: Parsed) => result.error?.issues[0]?.message;
/** A Europe payout with this description. */
const europePayoutWith = (description: string) =>
  europePayoutRequestSchema.safeParse({
    amount: "10.00",
    merchantReference: "EU-1",
    beneficiary: { name: "Eva", iban: "DE89370400440532013000" },
    description,
  });

describe("amounts", () => {
  const ngn = amountString({ maxDecimals: 2, min: "500", max: "5000000", currency: "NGN" });
  it.each([
    ["99999999999999", "Amount has at most 12 digits before the decimal point"],
    ["0", "Amount must be at least 500.00 NGN"],
    ["5000000.01", "Amount must be at most 5,000,000.00 NGN"],
    ["1.234", "Amount allows at most 2 decimals"],
    ["1e3", "Amount must be a decimal number such as 200 or 200.50"],
    ["😀", "Amount must be a decimal number such as 200 or 200.50"],
    ["", "Enter an amount"],
  ])("refuses %j with one message: %s", (value, message) => {
    expect(messagesAt(ngn.safeParse(value), "")).toEqual([message]);
  });

  it.each([
    ["1,000", "1000"],
    ["5,000,000.00", "5000000.00"],
    [" 12,345.5 ", "12345.5"],
    ["999", "999"],
  ])("reads %j, grouped by three with a point for decimals, as %j", (typed, read) => {
    expect(ngn.safeParse(typed).data).toBe(read);
  });

  it.each([
    ["1.000,50", "1.000,50 has a comma as the decimal point: write it as 1000.50"],
    ["1000,5", "1000,5 has a comma as the decimal point: write it as 1000.5"],
    ["10,00", "10,00 has a comma as the decimal point: write it as 10.00"],
    ["5.000.000", "Use a point only for decimals, and commas only between groups of three digits, such as 5,000,000.00"],
    ["1,0000", "Use a point only for decimals, and commas only between groups of three digits, such as 5,000,000.00"],
    [",100", "Use a point only for decimals, and commas only between groups of three digits, such as 5,000,000.00"],
    ["1,000.000,5", "Use a point only for decimals, and commas only between groups of three digits, such as 5,000,000.00"],
  ])("never misreads %j: one sentence says how to write it", (value, message) => {
    expect(messagesAt(ngn.safeParse(value), "")).toEqual([message]);
  });

  it("the one rule is every form's: a grouped amount reaches every rail's body without its commas", () => {
    const europe = europePayoutRequestSchema.safeParse({
      amount: "1,250.50",
      merchantReference: "EU-1",
      beneficiary: { name: "Eva", iban: "DE89370400440532013000" },
    });
    expect(europe.data?.amount).toBe("1250.50");
    expect(indiaPayinRequestSchema.safeParse({ amount: "2,000", currencySymbol: "INR" }).data?.amount).toBe("2000");
  });

  it("a UTR typed in groups with spaces or dashes is sent as its 12 digits", () => {
    expect(indiaConfirmPaymentRequestSchema.safeParse({ transactionId: "tx_1", utr: " 1234 5678-9012 " }).data?.utr).toBe("123456789012");
    expect(messagesAt(indiaConfirmPaymentRequestSchema.safeParse({ transactionId: "tx_1", utr: "1234 5678" }), "utr")).toEqual([
      "The UTR is the 12-digit bank reference",
    ]);
  });

  it("an India customer given in part names each missing detail; all three or none pass", () => {
    const partial = indiaPayinRequestSchema.safeParse({ amount: "100", currencySymbol: "INR", customer: { name: "Asha Rao" } });
    expect(messagesAt(partial, "customer.email")).toEqual([INDIA_CUSTOMER_ALL_OR_NONE]);
    expect(messagesAt(partial, "customer.phone")).toEqual([INDIA_CUSTOMER_ALL_OR_NONE]);
    expect(messagesAt(partial, "customer.name")).toEqual([]);
    const whole = { name: "Asha Rao", email: "asha@example.com", phone: "+91 98765 43210" };
    expect(indiaPayinRequestSchema.safeParse({ amount: "100", currencySymbol: "INR", customer: whole }).data?.customer).toEqual(whole);
    expect(indiaPayinRequestSchema.safeParse({ amount: "100", currencySymbol: "INR" }).success).toBe(true);
    // A wrong detail still says what is wrong with it.
    const badEmail = indiaPayinRequestSchema.safeParse({ amount: "100", currencySymbol: "INR", customer: { ...whole, email: "asha" } });
    expect(messagesAt(badEmail, "customer.email")).toEqual(["Must be an email address"]);
  });

  it("names the 12-digit limit for a Europe payout, and India INR gets one decimals message", () => {
    const europe = europePayoutRequestSchema.safeParse({
      amount: "99999999999999",
      merchantReference: "EU-1",
      beneficiary: { name: "Eva", iban: "DE89370400440532013000" },
    });
    expect(messagesAt(europe, "amount")).toEqual(["Amount has at most 12 digits before the decimal point"]);
    const india = indiaPayinRequestSchema.safeParse({ amount: "1.1234567", currencySymbol: "INR" });
    expect(messagesAt(india, "amount")).toEqual(["Amount allows at most 2 decimals"]);
  });
});

describe("names, phones and bank details", () => {
  it("refuses markup and 10,000 characters in a name, and keeps names of any script", () => {
    expect(personNameSchema.safeParse("<script>alert(1)</script>").success).toBe(false);
    expect(personNameSchema.safeParse("A".repeat(10_000)).error?.issues[0]?.message).toBe("At most 200 characters");
    for (const name of ["Zoë Müller-Łukasz", "O'Brien & Sons (UK)", "Adébáyọ̀ Ọlálékan", "মোহাম্মদ রহমান"])
      expect(personNameSchema.safeParse(name).success, name).toBe(true);
    const account = nigeriaVirtualAccountRequestSchema.safeParse({
      bvn: "12345678901",
      firstName: "<script>alert(1)</script>",
      lastName: "Okafor",
      phoneNumber: "+2348012345678",
      dateOfBirth: "1990-01-01",
      customerEmail: "ada@example.com",
    });
    expect(messagesAt(account, "firstName")).toHaveLength(1);
  });

  it("a name starts with a letter, not an accent, and carries no pile of accents", () => {
    const refused = "Letters, digits, spaces and . , ' - & ( ) / only, starting with a letter";
    expect(messageOf(personNameSchema.safeParse("\u0301John"))).toBe(refused);
    expect(messageOf(personNameSchema.safeParse(`Jo${"\u0301".repeat(40)}hn`))).toBe("Too many accents on one letter");
    for (const name of ["Nguyễn Thị Ánh", "Ngu\u0065\u0302\u0303n", "สมชาย"])
      expect(personNameSchema.safeParse(name).success, name).toBe(true);
  });

  it("checks phone, IBAN and BIC shapes, with spaces as printed", () => {
    expect(phoneSchema.safeParse("+880 1712-345678").success).toBe(true);
    expect(phoneSchema.safeParse("call me").success).toBe(false);
    expect(ibanSchema.safeParse("DE89 3704 0044 0532 0130 00").success).toBe(true);
    expect(ibanSchema.safeParse("anything at all").success).toBe(false);
    expect(bicSchema.safeParse("DEUTDEFF500").success).toBe(true);
    expect(bicSchema.safeParse("DEUT").success).toBe(false);
  });

  it("a virtual account's phone number is taken as written and sent as digits", () => {
    const phone = nigeriaVirtualAccountRequestSchema.shape.phoneNumber;
    expect(phone.parse("0801 234 5678")).toBe("08012345678");
    expect(phone.parse("+234-801-234-5678")).toBe("+2348012345678");
    expect(messageOf(phone.safeParse(`0801${" ".repeat(10_000)}2345678`))).toBe("At most 32 characters");
  });

  it("checks a PIX key against its type", () => {
    const payout = (pixKeyType: string, pixKey: string) =>
      brazilPayoutRequestSchema.safeParse({ amount: "10.00", merchantReference: "BR-1", pixKeyType, pixKey, beneficiary: { name: "Ana" } });
    expect(payout("EMAIL", "ana@example.com").success).toBe(true);
    expect(messagesAt(payout("EMAIL", "not an email"), "pixKey")).toEqual(["An e-mail key is an email address"]);
    expect(payout("CPF", "123.456.789-01").success).toBe(true);
    expect(payout("CPF", "1234").success).toBe(false);
    expect(payout("EVP", "123e4567-e89b-12d3-a456-426614174000").success).toBe(true);
    expect(payout("PHONE", "+5511987654321").success).toBe(true);
  });
});

describe("fields sent in the form the API takes", () => {
  it("an IBAN typed as printed goes out without spaces and in upper case; a pasted page of text is refused", () => {
    expect(ibanSchema.parse(" de89 3704 0044 0532 0130 00 ")).toBe("DE89370400440532013000");
    expect(messageOf(ibanSchema.safeParse("DE89".repeat(2_500)))).toBe(
      "An IBAN is 15 to 34 letters and digits, starting with a country code such as DE89…",
    );
    expect(ibanSchema.safeParse("DE89 3704 0044").success).toBe(false);
  });

  it("a PIX key goes out as the directory holds it: digits for a CPF or CNPJ, +55 and digits for a phone, lower case otherwise", () => {
    const keyOf = (pixKeyType: string, pixKey: string) =>
      brazilPayoutRequestSchema.parse({ amount: "10.00", merchantReference: "BR-1", pixKeyType, pixKey, beneficiary: { name: "Ana" } })
        .pixKey;
    expect(keyOf("CPF", "123.456.789-09")).toBe("12345678909");
    expect(keyOf("CNPJ", "12.345.678/0001-95")).toBe("12345678000195");
    expect(keyOf("PHONE", "+55 (11) 91234-5678")).toBe("+5511912345678");
    expect(keyOf("EMAIL", " Ana@Example.COM ")).toBe("ana@example.com");
    expect(keyOf("EVP", "123E4567-E89B-12D3-A456-426614174000")).toBe("123e4567-e89b-12d3-a456-426614174000");
  });

  it("a BIC goes out in upper case", () => {
    expect(bicSchema.parse("deutdeff")).toBe("DEUTDEFF");
    expect(bicSchema.safeParse("deut-def").success).toBe(false);
  });

  it("a wallet number goes out as digits alone; a number the API would refuse is refused here", () => {
    expect(walletNumberSchema.parse("0171-111-1111")).toBe("01711111111");
    expect(walletNumberSchema.parse("+880 1711 111111")).toBe("8801711111111");
    expect(messageOf(walletNumberSchema.safeParse("12345678"))).toBe("A wallet number is 10 to 14 digits, such as 01711111111");
    expect(walletNumberSchema.safeParse("1".repeat(15)).success).toBe(false);
    expect(messageOf(walletNumberSchema.safeParse(`0171${"-".repeat(10_000)}1111111`))).toBe("At most 32 characters");
  });

  it("a phone number padded with separators past the API's 32 characters is refused", () => {
    expect(phoneSchema.parse("+880 1700-000000")).toBe("+880 1700-000000");
    expect(messageOf(phoneSchema.safeParse(`+8801${"-".repeat(10_000)}700000000`))).toBe("At most 32 characters");
  });
});

describe("limits the API applies to text, said by the form first", () => {
  const brazilPayout = (changes: Record<string, unknown>) =>
    brazilPayoutRequestSchema.safeParse({
      amount: "10.00",
      merchantReference: "BR-1",
      pixKeyType: "EVP",
      pixKey: "123e4567-e89b-12d3-a456-426614174000",
      beneficiary: { name: "Ana" },
      ...changes,
    });

  it("a Europe payout's description is at most 140 characters, a SEPA remittance's", () => {
    expect(europePayoutWith("x".repeat(140)).success).toBe(true);
    expect(messagesAt(europePayoutWith("x".repeat(141)), "description")).toEqual(["At most 140 characters"]);
  });

  it("a PIX key is at most 140 characters and a tax id at most 32", () => {
    expect(messagesAt(brazilPayout({ pixKeyType: "EMAIL", pixKey: `${"a".repeat(140)}@example.com` }), "pixKey")).toEqual([
      "At most 140 characters",
    ]);
    expect(messagesAt(brazilPayout({ beneficiary: { name: "Ana", taxId: "1".repeat(33) } }), "beneficiary.taxId")).toEqual([
      "At most 32 characters",
    ]);
    expect(brazilPayout({ beneficiary: { name: "Ana", taxId: "123.456.789-09" } }).success).toBe(true);
  });
});

describe("values the API would refuse after the write was reserved", () => {
  it("an amount typed with leading zeros goes out without them", () => {
    const amount = amountString({ maxDecimals: 2 });
    expect(amount.parse("0250")).toBe("250");
    expect(amount.parse("00.50")).toBe("0.50");
    expect(amount.parse("0500.00")).toBe("500.00");
    // Zeros past the currency's decimals change nothing, so they go; a digit that counts is refused.
    expect(amount.parse("500.000")).toBe("500.00");
    expect(amount.parse("12.5000000")).toBe("12.50");
    expect(messageOf(amount.safeParse("500.001"))).toBe("Amount allows at most 2 decimals");
    expect(messageOf(amount.safeParse("0".repeat(10_000)))).toBe("Amount must be greater than zero");
  });

  it("an email is at most 200 characters and a URL 2,048: the API's limits", () => {
    expect(emailSchema.safeParse(`${"a".repeat(188)}@example.com`).success).toBe(true);
    expect(messageOf(emailSchema.safeParse(`${"a".repeat(189)}@example.com`))).toBe("An email address has at most 200 characters here");
    expect(httpsUrlSchema.safeParse(`https://shop.example/${"p".repeat(2_048 - 21)}`).success).toBe(true);
    expect(messageOf(httpsUrlSchema.safeParse(`https://shop.example/${"p".repeat(2_048 - 20)}`))).toBe(
      "A URL has at most 2,048 characters",
    );
  });

  it("a Europe payout's description, when given, is not blank", () => {
    expect(messagesAt(europePayoutWith("   "), "description")).toEqual(["Leave the description out, or write one"]);
  });
});

describe("free text that reaches a statement or a provider", () => {
  const refused = "Remove the line breaks and the control or text-direction characters";
  it.each([
    ["a NUL", "x\u0000y"],
    ["a line break", "a\nb"],
    ["a right-to-left override", "\u202Eevil.exe"],
    ["a bidi isolate", "pay \u2067x\u2069"],
  ])("refuses %s in a description, a product name or a PIX key", (_, text) => {
    expect(messageOf(nigeriaPayoutDescriptionSchema.safeParse(text))).toBe(refused);
    expect(messagesAt(europePayoutWith(text), "description")).toEqual([refused]);
    expect(messageOf(textUpTo(200).safeParse(text))).toBe(refused);
  });

  it("drops the invisible spaces a paste brings, and keeps every script, emoji and joiner", () => {
    expect(nigeriaPayoutDescriptionSchema.parse("\uFEFFInvoice\u200B 42\u2060 ")).toBe("Invoice 42");
    for (const text of ["नमस्ते", "می‌خواهم", "👨‍👩‍👧 family", "שלום"]) expect(textUpTo(200).parse(text)).toBe(text);
    expect(messageOf(textUpTo(200).safeParse("\u200B\u200B"))).toBe("Required");
  });
});
