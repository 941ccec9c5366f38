import { createSearchParamsCache } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { ALL_NGN_CREDITS_HREF } from "@/features/nigeria/components/virtual-account/inbound-credits";
import type { PaymentsClient } from "@/lib/payments";
import { RECENT_NGN_CREDITS_SHOWN, recentNigeriaCredits } from "@/features/nigeria/server/recent";
import { RAIL_SCAN_PAGES } from "@/features/transactions/server/recent";
import { transactionSearchParams } from "@/features/transactions/url-state";

/** A stand-in client over a pay-in list (newest first) that honours limit and offset and records what it was asked. */
function standIn(rails: string[], shiftAfterFirstRead = 0) {
  const asked: { type?: string; limit?: number; offset?: number }[] = [];
  const rows = rails.map((rail, i) => ({
    id: `tx_I${String(i).padStart(5, "0")}`,
    type: "payin",
    status: "success",
    amount: "2500.00",
    currency: rail === "nigeria" ? "NGN" : "BDT",
    rail,
    railLabel: rail,
    paidAmount: null,
    platformOrderId: `po-${i}`,
    createdAt: "2026-11-25T10:00:00Z",
    completedAt: null,
  }));
  const client = {
    environment: "live",
    listTransactions: (query: { type?: string; limit?: number; offset?: number }) => {
      asked.push(query);
      const limit = query.limit ?? 20;
      // A row created after the first read moves every later page down by that many.
      const offset = (query.offset ?? 0) - (asked.length > 1 ? shiftAfterFirstRead : 0);
      const page = rows.slice(Math.max(0, offset), Math.max(0, offset) + limit);
      // A row of rail "garbled" stands for one the client could not read: on its page, not among its items.
      const items = page.filter((row) => row.rail !== "garbled");
      const unreadable = page.filter((row) => row.rail === "garbled").map((row) => ({ id: row.id, key: row.id, fields: ["amount"] }));
      return Promise.resolve({ items, unreadable, total: rows.length, limit, offset: query.offset ?? 0 });
    },
  };
  return { client: client as unknown as PaymentsClient, asked };
}

const of = (rail: string, n: number) => Array.from({ length: n }, () => rail);

describe("recent inbound credits", () => {
  it("find the Nigeria pay-ins below the first page of every rail's pay-ins", async () => {
    // 100 newer Bangladesh pay-ins: the first page alone held no credit ("No inbound credits yet").
    const { client, asked } = standIn([...of("bangladesh", 100), ...of("nigeria", 3), ...of("brazil", 10)]);
    const list = await recentNigeriaCredits(client);
    expect(list.items.map((row) => row.id)).toEqual(["tx_I00100", "tx_I00101", "tx_I00102"]);
    expect(list.items.every((row) => row.rail === "nigeria" && row.amount === "2500.00")).toBe(true);
    expect(list.more).toBe(false);
    expect(asked).toEqual([
      { type: "payin", limit: 100, offset: 0 },
      { type: "payin", limit: 100, offset: 100 },
    ]);
  });

  it(`show the newest ${RECENT_NGN_CREDITS_SHOWN}, newest first, and say older ones exist without reading further`, async () => {
    const { client, asked } = standIn([...of("europe", 50), ...of("nigeria", RECENT_NGN_CREDITS_SHOWN + 1), ...of("nigeria", 500)]);
    const list = await recentNigeriaCredits(client);
    expect(list.items).toHaveLength(RECENT_NGN_CREDITS_SHOWN);
    expect(list.items[0]?.id).toBe("tx_I00050");
    expect(list.more).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it(`read at most ${RAIL_SCAN_PAGES} pages for a merchant with no NGN, and say older ones may exist`, async () => {
    const { client, asked } = standIn(of("bangladesh", 10_000));
    const list = await recentNigeriaCredits(client);
    expect(list.items).toEqual([]);
    expect(list.more).toBe(true);
    expect(asked.map((query) => query.offset)).toEqual(Array.from({ length: RAIL_SCAN_PAGES }, (_, i) => i * 100));
  });

  it("say there are no more when the list ends within the pages read", async () => {
    const { client, asked } = standIn(of("bangladesh", 200));
    const list = await recentNigeriaCredits(client);
    expect(list).toMatchObject({ items: [], more: false });
    expect(asked).toHaveLength(2);
  });

  it("read on past a page's unreadable row, and never say every credit is shown beside one", async () => {
    // A full page of 99 read and 1 unreadable is not the end of the list.
    const { client, asked } = standIn([...of("bangladesh", 99), "garbled", ...of("nigeria", 2)]);
    const list = await recentNigeriaCredits(client);
    expect(list.items.map((row) => row.id)).toEqual(["tx_I00100", "tx_I00101"]);
    expect(asked).toHaveLength(2);
    // The unreadable row may be a credit: older ones may exist.
    expect(list.more).toBe(true);
  });

  it("show a credit once when a new pay-in moves the next page down between reads", async () => {
    const { client } = standIn([...of("bangladesh", 99), ...of("nigeria", 2)], 1);
    const list = await recentNigeriaCredits(client);
    expect(list.items.map((row) => row.id)).toEqual(["tx_I00099", "tx_I00100"]);
  });

  it("link to /transactions filtered to Nigeria pay-ins", () => {
    const url = new URL(ALL_NGN_CREDITS_HREF, "http://x");
    const view = createSearchParamsCache(transactionSearchParams).parse(Object.fromEntries(url.searchParams));
    expect(url.pathname).toBe("/transactions");
    expect(view.rail).toEqual(["nigeria"]);
    expect(view.type).toEqual(["payin"]);
  });
});
