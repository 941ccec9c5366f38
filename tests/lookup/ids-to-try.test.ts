// The ids the lookup asks for: as typed, then in the API's own form (lib/lookup-input.ts).
import { describe, expect, it } from "vitest";
import { idsToTry } from "@/lib/lookup-input";

describe("idsToTry", () => {
  it("asks once for an id already in the API's form", () => {
    expect(idsToTry("tx_01HZX3K9Q2")).toEqual(["tx_01HZX3K9Q2"]);
  });

  it("upper-cases the rest of an id typed in lower case, and lower-cases a prefix typed in capitals", () => {
    expect(idsToTry("tx_01hzx3k9q2")).toEqual(["tx_01hzx3k9q2", "tx_01HZX3K9Q2"]);
    expect(idsToTry("TX_01HZX3K9Q2")).toEqual(["TX_01HZX3K9Q2", "tx_01HZX3K9Q2"]);
    expect(idsToTry("Tx_01hZx3k9q2")).toEqual(["Tx_01hZx3k9q2", "tx_01HZX3K9Q2"]);
  });

  it("upper-cases a value with no prefix (a platform order id is searched as typed afterwards)", () => {
    expect(idsToTry("bdp123")).toEqual(["bdp123", "BDP123"]);
    expect(idsToTry("BDP123")).toEqual(["BDP123"]);
  });
});
