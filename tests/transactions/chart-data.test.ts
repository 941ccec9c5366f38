import { describe, expect, it } from "vitest";
import { countPerRail, volumePerDay } from "@/features/transactions/chart-data";
import { formatLocalDay } from "@/features/transactions/date-range";
import { prepared, tx } from "./fixtures";
import { ExactSum } from "@/features/transactions/minor-units";

describe("volumePerDay", () => {
  it("sums exactly per local day and per currency, oldest day first", () => {
    const rows = prepared([
      tx({ currency: "BDT", amount: "0.10", createdAt: "2025-03-10T12:00:00.000Z" }),
      tx({ currency: "BDT", amount: "0.20", createdAt: "2025-03-10T12:05:00.000Z" }),
      tx({ currency: "BDT", amount: "1.00", createdAt: "2025-03-08T12:00:00.000Z" }),
      tx({ currency: "USDT", amount: "0.000001", createdAt: "2025-03-10T12:00:00.000Z" }),
    ]);
    const volume = volumePerDay(rows);
    expect(volume.currencies).toEqual(["BDT", "USDT"]);
    const day = (iso: string) => formatLocalDay(new Date(iso));
    expect(volume.series.BDT).toEqual([
      { day: day("2025-03-08T12:00:00.000Z"), volume: 1, exact: "1" },
      { day: day("2025-03-10T12:00:00.000Z"), volume: 0.3, exact: "0.3" },
    ]);
    expect(volume.series.USDT).toEqual([{ day: day("2025-03-10T12:00:00.000Z"), volume: 0.000001, exact: "0.000001" }]);
  });

  it("puts rows in the same quarter hour but either side of local midnight on their own days", () => {
    // Local midnight of 2025-03-10 in the machine's timezone, and one ms either side.
    const midnight = new Date(2025, 2, 10).getTime();
    const rows = prepared([
      tx({ amount: "1.00", createdAt: new Date(midnight - 1).toISOString() }),
      tx({ amount: "2.00", createdAt: new Date(midnight).toISOString() }),
    ]);
    expect(volumePerDay(rows).series.BDT?.map((p) => [p.day, p.exact])).toEqual([
      ["2025-03-09", "1"],
      ["2025-03-10", "2"],
    ]);
  });
});

describe("countPerRail", () => {
  it("counts per rail, most first", () => {
    const rows = prepared([tx({ rail: "india", railLabel: "India" }), tx(), tx()]);
    expect(countPerRail(rows)).toEqual([
      { rail: "bangladesh", label: "Bangladesh", count: 2 },
      { rail: "india", label: "India", count: 1 },
    ]);
  });
});

describe("ExactSum", () => {
  it("adds mixed scales and negative amounts exactly", () => {
    const sum = new ExactSum();
    for (const amount of ["1", "0.5", "0.000001", "-0.25", "-1.250001"]) sum.add(amount);
    expect(sum.toString()).toBe("0");
    expect(new ExactSum().toString()).toBe("0");
  });

  it("stays exact when the running sum passes 2^53 minor units", () => {
    const sum = new ExactSum();
    for (let i = 0; i < 3000; i++) sum.add("9999999999999.99");
    sum.add("0.01");
    expect(sum.toString()).toBe("29999999999999970.01");
    const negative = new ExactSum();
    for (let i = 0; i < 3000; i++) negative.add("-9999999999999.99");
    expect(negative.toString()).toBe("-29999999999999970");
  });

  it("takes amounts longer than 15 digits through BigInt", () => {
    const sum = new ExactSum();
    sum.add("999999999999.999999");
    sum.add("0.000001");
    expect(sum.toString()).toBe("1000000000000");
  });
});
