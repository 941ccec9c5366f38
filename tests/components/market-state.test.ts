import { describe, expect, it } from "vitest";
import type { BalancesDto } from "@/lib/contracts/balances";
import { marketStateExplanation, marketStates } from "@/features/balances/market-state";

const pocket = (currency: string) => ({ currency, label: currency, available: "1.00", pending: "0.00", asOf: "2026-01-01T00:00:00Z" });

describe("marketStates", () => {
  it("keeps the BFF's decision for every market it sends", () => {
    const data: BalancesDto = {
      asOf: "2026-01-01T00:00:00Z",
      mode: "live",
      pockets: [pocket("BDT")],
      markets: [{ market: "bangladesh", label: "Bangladesh", state: "paused" }],
    };
    expect(marketStates(data, "live").bangladesh).toBe("paused");
  });

  it("fills missing markets: enabled iff the pocket exists, live only in test for Nigeria and PYUSD", () => {
    const data: BalancesDto = { asOf: "2026-01-01T00:00:00Z", mode: "test", pockets: [pocket("BRL"), pocket("NGN")], markets: [] };
    expect(marketStates(data, "test")).toEqual({
      bangladesh: "not_enabled",
      brazil: "enabled",
      india: "not_enabled",
      europe: "not_enabled",
      nigeria: "live_only",
      pyusd: "live_only",
    });
    expect(marketStates({ ...data, mode: "live" }, "live").nigeria).toBe("enabled");
  });

  it("tells staff Nigeria also needs KYC", () => {
    expect(marketStateExplanation("nigeria", "not_enabled")).toMatch(/KYC/);
    expect(marketStateExplanation("brazil", "not_enabled")).not.toMatch(/KYC/);
  });
});
