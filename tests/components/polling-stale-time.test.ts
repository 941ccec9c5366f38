import { describe, expect, it } from "vitest";
import { FINAL_STALE_MS, pollingStaleTime } from "@/components/money-movement/use-polling-status";

const isFinal = (payout: { status: string }) => payout.status !== "pending";

describe("pollingStaleTime", () => {
  const POLL_MS = 2_000;

  it("keeps a record that is still changing fresh only until its first poll is due: the server's read is not repeated on hydration, a later mount reads afresh", () => {
    expect(pollingStaleTime({ status: "pending" }, isFinal, POLL_MS)).toBe(POLL_MS);
  });

  it("treats nothing read yet as stale", () => {
    expect(pollingStaleTime(undefined, isFinal, POLL_MS)).toBe(0);
  });

  it("keeps a final record fresh for a while: the one in the server's HTML is not read again on hydration", () => {
    expect(pollingStaleTime({ status: "success" }, isFinal, POLL_MS)).toBe(FINAL_STALE_MS);
    expect(FINAL_STALE_MS).toBeGreaterThan(POLL_MS);
  });
});
