import { describe, expect, it } from "vitest";
import { matchingBanks } from "@/features/nigeria/bank-search";
import { BANKS } from "@/simulator/markets/nigeria";

const names = (search: string) => matchingBanks(BANKS, search).map((bank) => bank.bankName);

describe("bank search", () => {
  it.each([
    ["gtb", "Guaranty Trust Bank"],
    ["GTBank", "Guaranty Trust Bank"],
    ["gt bank", "Guaranty Trust Bank"],
    ["uba", "United Bank for Africa"],
    ["fcmb", "First City Monument Bank"],
    ["fbn", "First Bank of Nigeria"],
    ["firstbank", "First Bank of Nigeria"],
    ["ubn", "Union Bank of Nigeria"],
    ["ibtc", "Stanbic IBTC Bank"],
    ["stanbic", "Stanbic IBTC Bank"],
    ["moniepoint", "Moniepoint Microfinance Bank"],
    ["opay", "OPay Digital Services"],
  ])("knows %j as exactly one bank, %s", (search, bank) => {
    expect(names(search)).toEqual([bank]);
  });

  it("still finds by any part of the name, ignoring case and spaces around it", () => {
    expect(names(" guaranty ")).toEqual(["Guaranty Trust Bank"]);
    expect(names("first")).toEqual(["First Bank of Nigeria", "First City Monument Bank"]);
    expect(names("")).toHaveLength(BANKS.length);
  });

  it("reads no initials from one or two letters, which name many banks", () => {
    expect(names("ub")).toEqual([]);
    expect(names("zz")).toEqual([]);
  });
});
