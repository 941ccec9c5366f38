import { createLoader } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_SORT } from "@/features/transactions/sort";
import {
  filtersFromView,
  searchText,
  serializeTransactionView,
  transactionSearchParams,
  type TransactionViewState,
} from "@/features/transactions/url-state";

const load = createLoader(transactionSearchParams);

const view: TransactionViewState = {
  rail: ["internal", "unknown", "india"],
  type: ["payout"],
  status: ["pending", "failed"],
  currency: ["PYUSD-USDC", "USDT"],
  range: null,
  from: "2025-02-01",
  to: "2025-02-28",
  min: "-12.50",
  max: "1000",
  q: "tx_01 & more",
  sort: { column: "amount", direction: "asc" },
};

describe("transaction URL state", () => {
  it("round-trips every filter and the sort through the query string", () => {
    const url = serializeTransactionView("/transactions", view);
    expect(url.startsWith("/transactions?")).toBe(true);
    expect(load(new URL(url, "http://x").searchParams)).toEqual(view);
  });

  it("keeps only currency codes from a pasted link", () => {
    const pasted = `?currency=${["NGN", "PYUSD-USDC", "x".repeat(10_000), "not a code", "usd", "A".repeat(21)].join(",")}`;
    expect(load(pasted).currency).toEqual(["NGN", "PYUSD-USDC"]);
  });

  it("keeps a pasted search without what no one can see, and at most 200 characters, so its export record is taken", () => {
    // A zero-width space and a soft hyphen from a chat, a DEL and a C1 control, a trailing newline.
    const pasted = `?q=${encodeURIComponent("tx_\u200b12\u00ad3\u007f\u0085\n")}`;
    expect(load(pasted).q).toBe("tx_123");
    expect(load(`?q=${"x".repeat(10_000)}`).q).toBe("x".repeat(200));
    expect(searchText("ord-\u2060 42\u200e")).toBe("ord- 42");
    // What the CSV export records (the page's query string) passes the trail's rule for text.
    const filters = serializeTransactionView({ ...load(pasted), q: searchText("a\u007fb\u009fc") }).replace(/^\?/, "");
    expect(filters).toBe("q=abc");
    expect(/^\P{Cc}*$/u.test(filters)).toBe(true);
  });

  it("leaves defaults out of the URL and reads an empty URL as no filters", () => {
    const empty = load(new URLSearchParams());
    expect(serializeTransactionView("/transactions", empty)).toBe("/transactions");
    expect(empty.sort).toEqual(DEFAULT_SORT);
    expect(empty.rail).toEqual([]);
    expect(empty.q).toBe("");
  });

  it("drops invalid values instead of failing", () => {
    const state = load(new URLSearchParams("rail=mars&min=1e5&from=2025-02-30&sort=amount.sideways&range=year"));
    expect(state.min).toBeNull();
    expect(state.from).toBeNull();
    expect(state.sort).toEqual(DEFAULT_SORT);
    expect(state.range).toBeNull();
    expect(state.rail).toEqual([]);
  });

  it("turns the view into filters, with inclusive days in the local timezone", () => {
    const filters = filtersFromView(view, new Date(2025, 5, 1));
    expect(filters.fromMs).toBe(new Date(2025, 1, 1).getTime());
    expect(filters.toMs).toBe(new Date(2025, 2, 1).getTime());
    expect(filters.amountMin).toBe("-12.50");
    expect(filters.text).toBe("tx_01 & more");
  });

  it("resolves a preset against now, and a preset wins over explicit days", () => {
    const now = new Date(2025, 2, 15, 13, 30);
    const filters = filtersFromView({ ...view, range: "7d" }, now);
    expect(filters.fromMs).toBe(new Date(2025, 2, 9).getTime());
    expect(filters.toMs).toBe(new Date(2025, 2, 16).getTime());
    expect(filtersFromView({ ...view, range: "month" }, now).fromMs).toBe(new Date(2025, 2, 1).getTime());
    expect(filtersFromView({ ...view, range: "today" }, now).fromMs).toBe(new Date(2025, 2, 15).getTime());
    expect(filtersFromView({ ...view, range: "30d" }, now).fromMs).toBe(new Date(2025, 1, 14).getTime());
  });
});
