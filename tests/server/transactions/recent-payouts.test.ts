import { createSearchParamsCache } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { ALL_PAYOUTS_HREF } from "@/features/payouts/components/recent-payouts";
import type { PaymentsClient } from "@/lib/payments";
import { RECENT_PAYOUTS_SHOWN, recentPayouts } from "@/features/transactions/server/recent";
import { transactionSearchParams } from "@/features/transactions/url-state";

/** A stand-in client whose newest payout page holds `count` payouts of every rail, newest first, and records what it was asked. */
function standIn(count: number) {
  const asked: unknown[] = [];
  const rails = ["bangladesh", "brazil", "europe", "nigeria"];
  const client = {
    environment: "live",
    listTransactions: (query: unknown) => {
      asked.push(query);
      return Promise.resolve({
        // The client's parsed form (lib/payments/schemas/transactions.ts).
        unreadable: [],
        items: Array.from({ length: count }, (_, i) => ({
          id: `tx_P${String(i).padStart(4, "0")}`,
          type: "payout",
          status: "success",
          amount: "1000.000001",
          currency: "BDT",
          rail: rails[i % rails.length],
          railLabel: rails[i % rails.length],
          paidAmount: null,
          platformOrderId: `po-${i}`,
          createdAt: "2026-11-25T10:00:00Z",
          completedAt: null,
        })),
        total: count,
        limit: 100,
        offset: 0,
      });
    },
  };
  return { client: client as unknown as PaymentsClient, asked };
}

describe("the payouts page's recent payouts", () => {
  it(`show the newest ${RECENT_PAYOUTS_SHOWN} of every rail, in the API's order, and say older ones exist`, async () => {
    const { client, asked } = standIn(100);
    const list = await recentPayouts(client);
    expect(asked).toEqual([{ type: "payout", limit: 100 }]);
    expect(list.items.map((row) => row.id)).toEqual(
      Array.from({ length: RECENT_PAYOUTS_SHOWN }, (_, i) => `tx_P${String(i).padStart(4, "0")}`),
    );
    expect(new Set(list.items.map((row) => row.rail))).toEqual(new Set(["bangladesh", "brazil", "europe", "nigeria"]));
    // Money stays the decimal string it came as.
    expect(list.items[0]?.amount).toBe("1000.000001");
    expect(list.more).toBe(true);
  });

  it.each([0, 1, RECENT_PAYOUTS_SHOWN])("show all %i when there are no more, and say so", async (count) => {
    const list = await recentPayouts(standIn(count).client);
    expect(list.items).toHaveLength(count);
    expect(list.more).toBe(false);
  });

  it("link older ones to /transactions filtered to payouts", () => {
    const url = new URL(ALL_PAYOUTS_HREF, "http://x");
    const view = createSearchParamsCache(transactionSearchParams).parse(Object.fromEntries(url.searchParams));
    expect(url.pathname).toBe("/transactions");
    expect(view.type).toEqual(["payout"]);
    expect(view.rail).toEqual([]);
  });
});
