import { describe, expect, it } from "vitest";
import type { PaymentsClient } from "@/lib/payments";
import { ALL_NGN_PAYOUTS_HREF } from "@/features/nigeria/components/payouts/recent-payouts";
import { RECENT_NGN_PAYOUTS_SHOWN, recentNigeriaPayouts } from "@/features/nigeria/server/recent-payouts";
import { transactionSearchParams } from "@/features/transactions/url-state";
import { createSearchParamsCache } from "nuqs/server";

type Item = { transactionId: string; rail: string };

/** A stand-in client: a payout list and a poll that counts its reads and can fail for some ids. */
function standIn(items: Item[], failing = new Set<string>()) {
  const polls: string[] = [];
  const client = {
    environment: "live",
    listTransactions: () =>
      Promise.resolve({
        // The client's parsed form (lib/payments/schemas/transactions.ts).
        unreadable: [],
        items: items.map(({ transactionId, rail }) => ({
          id: transactionId,
          type: "payout",
          status: "success",
          amount: "1500.50",
          currency: "NGN",
          rail,
          railLabel: rail,
          paidAmount: null,
          platformOrderId: `po-${transactionId}`,
          createdAt: "2026-11-25T10:00:00Z",
          completedAt: null,
        })),
        total: items.length,
        limit: 100,
        offset: 0,
      }),
    nigeria: {
      getPayout: (id: string) => {
        polls.push(id);
        if (failing.has(id)) return Promise.reject(new Error("unreadable"));
        return Promise.resolve({
          transactionId: id,
          status: "success",
          beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: `NAME ${id}`, bankName: "Guaranty Trust Bank" },
        });
      },
    },
  };
  return { client: client as unknown as PaymentsClient, polls };
}

const unique = (prefix: string, n: number, rail = "nigeria") =>
  Array.from({ length: n }, (_, i) => ({ transactionId: `tx_${prefix}${String(i).padStart(4, "0")}`, rail }));

describe("recent Nigeria payouts", () => {
  it("carry each payout's beneficiary and bank, the account masked, read once per payout", async () => {
    const { client, polls } = standIn([...unique("ONCE", 3), ...unique("BR", 2, "brazil")]);
    const first = await recentNigeriaPayouts(client);
    expect(first.items.map((row) => row.id)).toEqual(["tx_ONCE0000", "tx_ONCE0001", "tx_ONCE0002"]);
    expect(first.items[0]?.beneficiary).toEqual({
      accountName: "NAME tx_ONCE0000",
      bankName: "Guaranty Trust Bank",
      accountNumberMasked: "••••••6789",
    });
    expect(first.more).toBe(false);
    expect(JSON.stringify(first)).not.toContain("0123456789");
    expect(polls).toHaveLength(3);
    // The beneficiary is a snapshot: a second load reads no poll again.
    await recentNigeriaPayouts(client);
    expect(polls).toHaveLength(3);
  });

  it("show an unreadable payout without its beneficiary, and read it again next time", async () => {
    const items = unique("FAIL", 2);
    const failing = new Set([items[1]!.transactionId]);
    const { client, polls } = standIn(items, failing);
    const list = await recentNigeriaPayouts(client);
    expect(list.items.map((row) => row.beneficiary?.accountName ?? null)).toEqual(["NAME tx_FAIL0000", null]);
    failing.clear();
    const again = await recentNigeriaPayouts(client);
    expect(again.items[1]?.beneficiary?.accountName).toBe("NAME tx_FAIL0001");
    expect(polls.filter((id) => id === items[1]!.transactionId)).toHaveLength(2);
  });

  it(`show the newest ${RECENT_NGN_PAYOUTS_SHOWN} and say older ones exist`, async () => {
    const { client, polls } = standIn(unique("MANY", RECENT_NGN_PAYOUTS_SHOWN + 5));
    const list = await recentNigeriaPayouts(client);
    expect(list.items).toHaveLength(RECENT_NGN_PAYOUTS_SHOWN);
    expect(list.more).toBe(true);
    expect(polls).toHaveLength(RECENT_NGN_PAYOUTS_SHOWN);
  });

  it("link older ones to /transactions filtered to Nigeria payouts", () => {
    const view = createSearchParamsCache(transactionSearchParams).parse(
      Object.fromEntries(new URL(ALL_NGN_PAYOUTS_HREF, "http://x").searchParams),
    );
    expect(new URL(ALL_NGN_PAYOUTS_HREF, "http://x").pathname).toBe("/transactions");
    expect(view.rail).toEqual(["nigeria"]);
    expect(view.type).toEqual(["payout"]);
  });
});
