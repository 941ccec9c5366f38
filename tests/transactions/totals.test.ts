import { describe, expect, it } from "vitest";
import { prepared, rowsIn, tx } from "./fixtures";
import { CurrencyTotals } from "@/features/transactions/totals";

describe("CurrencyTotals.of(rows).list()", () => {
  it("sums exactly, per currency, pay-ins and payouts apart", () => {
    const rows = prepared([
      tx({ currency: "BDT", amount: "0.10" }),
      tx({ currency: "BDT", amount: "0.20" }),
      tx({ currency: "BDT", type: "payout", amount: "-12.50" }),
      tx({ currency: "USDT", amount: "0.000001" }),
      tx({ currency: "USDT", amount: "5000000.000001" }),
    ]);
    expect(CurrencyTotals.of(rows).list()).toEqual([
      { currency: "BDT", status: "success", count: 3, payinCount: 2, payoutCount: 1, payins: "0.3", payouts: "-12.5" },
      { currency: "USDT", status: "success", count: 2, payinCount: 2, payoutCount: 0, payins: "5000000.000002", payouts: "0" },
    ]);
  });

  it("keeps succeeded, pending and failed apart, succeeded first, so no figure mixes them", () => {
    // Issue 55: Brazil's pay-ins showed 78,136.91, which was all three together.
    const rows = prepared([
      tx({ currency: "BRL", status: "failed", amount: "8222.31" }),
      tx({ currency: "BRL", status: "pending", amount: "250.00" }),
      tx({ currency: "BRL", status: "success", amount: "69000.00" }),
      tx({ currency: "BDT", status: "pending", amount: "1" }),
      tx({ currency: "BRL", status: "success", amount: "664.60", paidAmount: "600.00" }),
    ]);
    expect(
      CurrencyTotals.of(rows)
        .list()
        .map((t) => [t.currency, t.status, t.payins, t.payinCount]),
    ).toEqual([
      ["BDT", "pending", "1", 1],
      ["BRL", "success", "69664.6", 2],
      ["BRL", "pending", "250", 1],
      ["BRL", "failed", "8222.31", 1],
    ]);
  });

  it("never loses a digit over 100,000 large amounts", () => {
    const rows = prepared(Array.from({ length: 100_000 }, () => tx({ currency: "NGN", amount: "4999999.99" })));
    const [ngn] = CurrencyTotals.of(rows).list();
    expect(ngn?.payins).toBe("499999999000");
    expect(ngn?.count).toBe(100_000);
  });

  it("adds amounts given with different numbers of decimals exactly", () => {
    const rows = prepared([
      tx({ amount: "1" }),
      tx({ amount: "0.5" }),
      tx({ amount: "0.000001" }),
      tx({ amount: "-0.25" }),
      tx({ amount: "-1.250001" }),
    ]);
    expect(CurrencyTotals.of(rows).list()[0]?.payins).toBe("0");
  });

  it("returns nothing for no rows", () => {
    expect(CurrencyTotals.of(prepared([])).list()).toEqual([]);
  });
});

describe("CurrencyTotals.plus", () => {
  it("gives the totals of both lists together and leaves the totals it started from unchanged", () => {
    const first = prepared([
      tx({ currency: "BDT", amount: "0.10" }),
      tx({ currency: "USDT", amount: "1.5" }),
      tx({ currency: "USDT", amount: "99999999999999999.99" }),
    ]);
    const more = prepared([
      tx({ currency: "BDT", amount: "0.20" }),
      tx({ currency: "BDT", type: "payout", amount: "-3" }),
      tx({ currency: "NGN", amount: "7.25" }),
    ]);
    const before = CurrencyTotals.of(first);
    const listed = before.list();
    expect(before.plus(more).list()).toEqual(CurrencyTotals.of(prepared([...rowsIn(first), ...rowsIn(more)])).list());
    expect(before.list()).toEqual(listed);
  });
});
