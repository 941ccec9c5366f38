import { describe, expect, it } from "vitest";
import { idsIn, NO_FILTERS, prepared, tx } from "./fixtures";
import { filterRows, type TransactionFilters } from "@/features/transactions/filter";

const rows = prepared([
  tx({
    id: "tx_A1",
    rail: "bangladesh",
    railLabel: "Bangladesh",
    type: "payin",
    status: "success",
    currency: "BDT",
    amount: "250.00",
    platformOrderId: "BKASH-777",
    createdAt: "2025-03-01T10:00:00Z",
  }),
  tx({
    id: "tx_B2",
    rail: "india",
    railLabel: "India",
    type: "payin",
    status: "pending",
    currency: "USDT",
    amount: "12.500000",
    platformOrderId: "UPI-123",
    createdAt: "2025-03-02T10:00:00Z",
  }),
  tx({
    id: "tx_C3",
    rail: "europe",
    railLabel: "Europe",
    type: "payout",
    status: "failed",
    currency: "USDC",
    amount: "1080.000000",
    platformOrderId: "EU-9",
    createdAt: "2025-03-03T10:00:00Z",
  }),
  tx({
    id: "tx_D4",
    rail: "internal",
    railLabel: "Internal",
    type: "payout",
    status: "success",
    currency: "USDT",
    amount: "-12.50",
    platformOrderId: "ADJ-1",
    createdAt: "2025-03-04T10:00:00Z",
  }),
  tx({
    id: "tx_E5",
    rail: "unknown",
    railLabel: "Unknown",
    type: "payin",
    status: "success",
    currency: "NGN",
    amount: "0.10",
    platformOrderId: "LEGACY-bkash",
    createdAt: "2025-03-05T10:00:00Z",
  }),
]);

const ids = (filters: Partial<TransactionFilters>) => idsIn(filterRows(rows, { ...NO_FILTERS, ...filters }));

describe("filterRows", () => {
  it("keeps every row with no filter, in input order, in a new array the caller may change", () => {
    expect(ids({})).toEqual(["tx_A1", "tx_B2", "tx_C3", "tx_D4", "tx_E5"]);
    // A blank search is no filter either.
    const kept = filterRows(rows, { ...NO_FILTERS, text: "   " });
    expect(idsIn(kept)).toEqual(idsIn(rows));
    expect(kept.store).toBe(rows.store);
    expect(kept.slots).not.toBe(rows.slots);
    expect(kept.slots.buffer).not.toBe(rows.slots.buffer);
  });

  it("filters by rail, including internal and unknown", () => {
    expect(ids({ rails: ["internal", "unknown"] })).toEqual(["tx_D4", "tx_E5"]);
    expect(ids({ rails: ["india"] })).toEqual(["tx_B2"]);
  });

  it("filters by type, status and currency", () => {
    expect(ids({ types: ["payout"] })).toEqual(["tx_C3", "tx_D4"]);
    expect(ids({ statuses: ["pending", "failed"] })).toEqual(["tx_B2", "tx_C3"]);
    expect(ids({ currencies: ["USDT"] })).toEqual(["tx_B2", "tx_D4"]);
  });

  it("filters createdAt with an inclusive start and exclusive end", () => {
    const from = Date.parse("2025-03-02T10:00:00Z");
    const to = Date.parse("2025-03-04T10:00:00Z");
    expect(ids({ fromMs: from, toMs: to })).toEqual(["tx_B2", "tx_C3"]);
    expect(ids({ fromMs: from })).toEqual(["tx_B2", "tx_C3", "tx_D4", "tx_E5"]);
    expect(ids({ toMs: from })).toEqual(["tx_A1"]);
  });

  it("compares the instant createdAt names, also when it carries an offset", () => {
    const withOffsets = prepared([
      tx({ id: "tx_east", createdAt: "2025-03-02T11:00:00+02:00" }), // 09:00Z: before the window
      tx({ id: "tx_west", createdAt: "2025-03-02T05:30:00-05:00" }), // 10:30Z: inside
    ]);
    const window = { ...NO_FILTERS, fromMs: Date.parse("2025-03-02T10:00:00Z"), toMs: Date.parse("2025-03-02T11:00:00Z") };
    expect(idsIn(filterRows(withOffsets, window))).toEqual(["tx_west"]);
  });

  it("compares amount bounds as decimals, inclusive, with any number of decimals", () => {
    expect(ids({ amountMin: "12.5" })).toEqual(["tx_A1", "tx_B2", "tx_C3"]);
    expect(ids({ amountMin: "12.5000001" })).toEqual(["tx_A1", "tx_C3"]);
    expect(ids({ amountMax: "12.50" })).toEqual(["tx_B2", "tx_D4", "tx_E5"]);
    expect(ids({ amountMin: "-12.5", amountMax: "0.1" })).toEqual(["tx_D4", "tx_E5"]);
    expect(ids({ amountMin: "1080", amountMax: "1080.000000" })).toEqual(["tx_C3"]);
  });

  it("matches free text against id and platformOrderId, case-insensitively, ignoring surrounding spaces", () => {
    expect(ids({ text: "bkash" })).toEqual(["tx_A1", "tx_E5"]);
    expect(ids({ text: "  TX_c3 " })).toEqual(["tx_C3"]);
    expect(ids({ text: "upi-12" })).toEqual(["tx_B2"]);
    expect(ids({ text: "rail" })).toEqual([]);
  });

  it("does not match text spanning the id and the platformOrderId", () => {
    expect(ids({ text: "a1bkash" })).toEqual([]);
  });

  it("combines filters with AND", () => {
    expect(ids({ types: ["payin"], currencies: ["USDT", "NGN"] })).toEqual(["tx_B2", "tx_E5"]);
    expect(ids({ types: ["payin"], statuses: ["success"], text: "bkash" })).toEqual(["tx_A1", "tx_E5"]);
    expect(ids({ rails: ["bangladesh", "unknown"], amountMax: "1", fromMs: Date.parse("2025-03-05T00:00:00Z") })).toEqual(["tx_E5"]);
    expect(ids({ rails: ["india"], statuses: ["success"] })).toEqual([]);
  });
});
