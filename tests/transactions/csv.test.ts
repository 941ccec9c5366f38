import { describe, expect, it } from "vitest";
import { csvCell, guardCell, quoteCell, transactionsToCsv } from "@/features/transactions/csv";
import { tx } from "./fixtures";

describe("guardCell", () => {
  it.each(["=SUM(A1)", "+1+1", "-cmd", "@x", "\tx", "\rx", "-", "=1"])("guards %j", (value) => {
    expect(guardCell(value)).toBe(`'${value}`);
  });

  it.each(["-12.50", "12.50", "-0.000001", "200"])("leaves the amount %s exactly as given", (value) => {
    expect(guardCell(value)).toBe(value);
  });

  it("leaves ordinary text alone", () => {
    expect(guardCell("tx_01ABC")).toBe("tx_01ABC");
    expect(guardCell("2025-03-01T10:00:00.000Z")).toBe("2025-03-01T10:00:00.000Z");
  });
});

describe("quoteCell (RFC 4180)", () => {
  it("quotes fields with commas, quotes, CR or LF and doubles inner quotes", () => {
    expect(quoteCell("a,b")).toBe('"a,b"');
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCell("line1\nline2")).toBe('"line1\nline2"');
    expect(quoteCell("a\rb")).toBe('"a\rb"');
    expect(quoteCell("plain")).toBe("plain");
  });

  it("guards before quoting, so a quoted formula still starts with the apostrophe", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell(null)).toBe("");
  });
});

describe("transactionsToCsv", () => {
  it("writes a header and every field with CRLF line ends", () => {
    const row = tx({
      id: "tx_1",
      amount: "-12.50",
      paidAmount: null,
      platformOrderId: "=cmd|' /C calc'!A0",
      createdAt: "2025-03-01T10:00:00.000Z",
      completedAt: "2025-03-01T10:10:00.000Z",
      railLabel: "Bangladesh, BD",
    });
    const csv = transactionsToCsv([row]);
    expect(csv).toBe(
      "id,type,status,amount,currency,rail,railLabel,paidAmount,platformOrderId,createdAt,completedAt\r\n" +
        `tx_1,payin,success,-12.50,BDT,bangladesh,"Bangladesh, BD",,'=cmd|' /C calc'!A0,2025-03-01T10:00:00.000Z,2025-03-01T10:10:00.000Z\r\n`,
    );
  });

  it("writes only the header for no rows", () => {
    expect(transactionsToCsv([]).split("\r\n")).toHaveLength(2);
  });
});
