import { describe, expect, it } from "vitest";
import { FINAL_STALE_MS, pollingStaleTime } from "@/components/money-movement/use-polling-status";

const isFinal = (payout: { status: string }) => payout.status !== "pending";

describe("pollingStaleTime", () => {
  it("keeps a record that is still changing always stale, so every mount reads it afresh", () => {
    expect(pollingStaleTime({ status: "pending" }, isFinal)).toBe(0);
  });

  it("treats nothing read yet as stale", () => {
    expect(pollingStaleTime(undefined, isFinal)).toBe(0);
  });

  it("keeps a final record fresh for a while: the one in the server's HTML is not read again on hydration", () => {
    expect(pollingStaleTime({ status: "success" }, isFinal)).toBe(FINAL_STALE_MS);
    expect(FINAL_STALE_MS).toBeGreaterThan(0);
  });
});
