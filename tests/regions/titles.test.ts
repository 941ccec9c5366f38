import { describe, expect, it } from "vitest";
import { MARKET_INFO } from "@/lib/rails";
import { requestPaymentTitle } from "@/lib/regions/regions";

describe("requestPaymentTitle", () => {
  it("takes the article the region's name sounds like", () => {
    expect(
      ["bangladesh", "brazil", "india", "europe", "pyusd"].map((market) =>
        requestPaymentTitle(MARKET_INFO[market as keyof typeof MARKET_INFO].label),
      ),
    ).toEqual([
      "Request a Bangladesh payment",
      "Request a Brazil payment",
      "Request an India payment",
      "Request a Europe payment",
      "Request a PYUSD payment",
    ]);
  });
});
