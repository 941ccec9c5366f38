// Support's one search box (issue 57): every matching rule, and the search over both
// environments' lists and the console's writes, newest first, each result with its mode.
import { describe, expect, it } from "vitest";
import { amountMatches, dayIn, parseSearch, rowMatches, type SearchQuery } from "@/features/lookup/search-query";
import { searchPayments, type SearchSources } from "@/features/lookup/server/search";
import { RowStore } from "@/features/transactions/server/row-store";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { Environment } from "@/lib/rails";
import type { FoundConsoleWrite } from "@/lib/server/money-writes/summary-store";
import type { TransactionRow } from "@/lib/transaction-row";
import { tx } from "../transactions/fixtures";

const utcDay = dayIn("UTC");

/** A listed Nigeria payout of 1,500.00 NGN, created on 2026-12-06 (UTC). */
const row = (id: string, over: Partial<TransactionRow> = {}): TransactionRow =>
  tx({
    id,
    type: "payout",
    amount: "1500.00",
    currency: "NGN",
    rail: "nigeria",
    railLabel: "Nigeria",
    platformOrderId: `PO-${id}`,
    createdAt: "2026-12-06T10:00:00Z",
    ...over,
  });

const q = (typed: string): SearchQuery => parseSearch(typed)!;

describe("parseSearch", () => {
  it("trims, drops invisibles and compares in lower case", () => {
    expect(q("  TX_01ABC\u200b\n")).toMatchObject({ shown: "TX_01ABC", text: "tx_01abc", amount: null, digits: null });
  });

  it("refuses an empty value and a pasted page", () => {
    expect(parseSearch("   ")).toBeNull();
    expect(parseSearch("\u200b")).toBeNull();
    expect(parseSearch("x".repeat(10_000))).toBeNull();
  });

  it("reads an amount as the forms do: 1,500 and 1500 and 1500.00", () => {
    expect(q("1,500").amount).toEqual({ value: "1500", currency: null, day: null });
    expect(q("1500").amount).toEqual({ value: "1500", currency: null, day: null });
    expect(q("1500.00").amount).toEqual({ value: "1500.00", currency: null, day: null });
    expect(q("5,000,000.50").amount?.value).toBe("5000000.50");
  });

  it("takes a currency and a day, in any order, once each", () => {
    expect(q("NGN 1,500").amount).toEqual({ value: "1500", currency: "NGN", day: null });
    expect(q("1500 ngn 2026-12-06").amount).toEqual({ value: "1500", currency: "NGN", day: "2026-12-06" });
    expect(q("2026-12-06 1500.00").amount).toEqual({ value: "1500.00", currency: null, day: "2026-12-06" });
    expect(q("1500 PYUSD-USDC").amount?.currency).toBe("PYUSD-USDC");
    expect(q("1500 NGN BDT").amount).toBeNull();
    expect(q("1500 2000").amount).toBeNull();
    expect(q("1500 NGN for Ada").amount).toBeNull();
  });

  it("refuses what the forms refuse: a comma decimal, bad groups, a negative, a day that does not exist", () => {
    expect(q("1.500,00").amount).toBeNull();
    expect(q("1,50").amount).toBeNull();
    expect(q("15,00,000").amount).toBeNull();
    expect(q("-1500").amount).toBeNull();
    expect(q("1e3").amount).toBeNull();
    expect(q("1500 2026-02-30").amount).toBeNull();
  });

  it("reads 4 or more digits, spaces and dashes between them allowed, as an account's end", () => {
    expect(q("6789").digits).toBe("6789");
    expect(q("0123 456-789").digits).toBe("0123456789");
    expect(q("789").digits).toBeNull();
    expect(q("1,500").digits).toBeNull();
    expect(q("ab1234").digits).toBeNull();
  });
});

describe("amountMatches", () => {
  const any = { currency: null, day: null };
  it("compares decimals exactly, never as floats", () => {
    expect(amountMatches({ value: "1500", ...any }, "1500.00", "NGN", () => "")).toBe(true);
    expect(amountMatches({ value: "1500.00", ...any }, "1500", "NGN", () => "")).toBe(true);
    expect(amountMatches({ value: "1500", ...any }, "1500.01", "NGN", () => "")).toBe(false);
    // 0.1 + 0.2 in floats is 0.30000000000000004; as decimals these differ by exactly that.
    expect(amountMatches({ value: "0.3", ...any }, "0.30000000000000004", "PYUSD", () => "")).toBe(false);
    expect(amountMatches({ value: "9007199254740993", ...any }, "9007199254740992", "NGN", () => "")).toBe(false);
    expect(amountMatches({ value: "1500", ...any }, "not money", "NGN", () => "")).toBe(false);
  });

  it("holds the currency (any case) and the day when given", () => {
    expect(amountMatches({ value: "1500", currency: "NGN", day: null }, "1500", "ngn", () => "")).toBe(true);
    expect(amountMatches({ value: "1500", currency: "BDT", day: null }, "1500", "NGN", () => "")).toBe(false);
    expect(amountMatches({ value: "1500", currency: null, day: "2026-12-06" }, "1500", "NGN", () => "2026-12-06")).toBe(true);
    expect(amountMatches({ value: "1500", currency: null, day: "2026-12-07" }, "1500", "NGN", () => "2026-12-06")).toBe(false);
  });
});

describe("dayIn", () => {
  it("says the day in the searcher's time zone", () => {
    expect(dayIn("UTC")("2026-12-06T23:30:00Z")).toBe("2026-12-06");
    expect(dayIn("Africa/Lagos")("2026-12-06T23:30:00Z")).toBe("2026-12-07");
    expect(dayIn("America/Sao_Paulo")("2026-12-07T01:00:00Z")).toBe("2026-12-06");
  });
});

describe("rowMatches", () => {
  it("matches a whole transaction id or platform order id, ignoring case", () => {
    const r = row("tx_01HABC");
    expect(rowMatches(r, q("TX_01habc"), utcDay)).toEqual(["transactionId"]);
    expect(rowMatches(r, q("po-tx_01habc "), utcDay)).toEqual(["platformOrderId"]);
    expect(rowMatches(r, q("tx_01HAB"), utcDay)).toEqual([]);
  });

  it("matches an amount, with its currency and day", () => {
    const r = row("tx_1");
    expect(rowMatches(r, q("1,500"), utcDay)).toEqual(["amount"]);
    expect(rowMatches(r, q("1500 NGN 2026-12-06"), utcDay)).toEqual(["amount"]);
    expect(rowMatches(r, q("1500 NGN 2026-12-05"), utcDay)).toEqual([]);
    expect(rowMatches(r, q("1500 BRL"), utcDay)).toEqual([]);
  });
});

/** Two environments' lists in row stores, a fake API and fake console writes. */
function sources(
  lists: Partial<Record<Environment, TransactionRow[]>>,
  writes: FoundConsoleWrite[] = [],
  api: Partial<Record<Environment, (id: string) => Promise<TransactionRow>>> = {},
): SearchSources & { list: (environment: Environment) => { rows: RowStore } } {
  const stores = new Map<Environment, RowStore>();
  for (const [environment, rows] of Object.entries(lists) as [Environment, TransactionRow[]][]) {
    const store = new RowStore();
    store.merge(rows);
    stores.set(environment, store);
  }
  return {
    environments: ["test", "live"],
    list: (environment) => {
      const store = stores.get(environment) ?? new RowStore();
      stores.set(environment, store);
      return {
        rows: store,
        upsert: (r) => void store.merge([r]),
        state: () => ({ loaded: store.size, total: store.size, complete: true }),
      };
    },
    client: (environment) => ({
      getTransaction: (id: string) =>
        (api[environment] ?? (() => Promise.reject(new PaymentsApiError("no", { status: 404, code: "not_found", retryable: false }))))(id),
    }),
    writes: () => Promise.resolve(writes),
  };
}

function consoleWrite(over: Partial<FoundConsoleWrite>): FoundConsoleWrite {
  return {
    environment: "live",
    rail: "ngn-payout",
    reference: "NGN-20261206-ABCD1234",
    state: "answered",
    transactionId: null,
    createdAt: new Date("2026-12-06T12:00:00Z"),
    createdBy: { email: "finance@demo.test", name: "Fola Finance" },
    summary: { amount: "1500.00", currency: "NGN", bankName: "Guaranty Trust Bank", accountLast4: "6789", payoutReference: "NGNP-1" },
    matched: { reference: true, payoutReference: false, amount: false, digits: false },
    ...over,
  };
}

describe("searchPayments", () => {
  it("finds in both modes at once, newest first, each labelled with its mode", async () => {
    const answer = await searchPayments(
      "1,500",
      "UTC",
      sources({
        test: [row("tx_old", { createdAt: "2026-12-01T00:00:00Z" }), row("tx_other", { amount: "1499.99" })],
        live: [row("tx_new", { createdAt: "2026-12-06T11:00:00Z" })],
      }),
    );
    expect(answer.results.map((r) => [r.environment, r.transactionId, r.matchedOn])).toEqual([
      ["live", "tx_new", ["amount"]],
      ["test", "tx_old", ["amount"]],
    ]);
    expect(answer.lists.map((l) => l.environment)).toEqual(["test", "live"]);
  });

  it("joins a console write to its listed row: one result, matched on both, with who made it", async () => {
    const answer = await searchPayments(
      "1500",
      "UTC",
      sources({ live: [row("tx_ngn")] }, [
        consoleWrite({ transactionId: "tx_ngn", matched: { reference: false, payoutReference: false, amount: true, digits: false } }),
      ]),
    );
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]).toMatchObject({
      environment: "live",
      transactionId: "tx_ngn",
      matchedOn: ["amount"],
      row: { id: "tx_ngn" },
      write: { createdBy: "Fola Finance", accountLast4: "6789", payoutReference: "NGNP-1" },
    });
  });

  it("shows a console write not in the list yet with its state, and reads the list's row for one matched by reference", async () => {
    const answer = await searchPayments(
      "ngn-20261206-abcd1234",
      "UTC",
      sources({ live: [row("tx_listed", { createdAt: "2026-12-06T09:00:00Z" })] }, [
        consoleWrite({ state: "unknown", reference: "NGN-20261206-ABCD1234", createdAt: new Date("2026-12-06T13:00:00Z") }),
        consoleWrite({ transactionId: "tx_listed", reference: "ngn-20261206-ABCD1234" }),
      ]),
    );
    expect(answer.results.map((r) => [r.transactionId, r.write?.state, r.row?.id ?? null, r.at])).toEqual([
      [null, "unknown", null, "2026-12-06T13:00:00.000Z"],
      ["tx_listed", "answered", "tx_listed", "2026-12-06T09:00:00Z"],
    ]);
  });

  it("asks the API for an id the list does not hold yet, in each mode, and keeps the list in step", async () => {
    const src = sources({}, [], {
      live: (id) =>
        id === "tx_01HNEW"
          ? Promise.resolve(row("tx_01HNEW"))
          : Promise.reject(new PaymentsApiError("no", { status: 404, code: "not_found", retryable: false })),
    });
    const answer = await searchPayments("TX_01hnew", "UTC", src);
    expect(answer.results.map((r) => [r.environment, r.transactionId, r.matchedOn])).toEqual([["live", "tx_01HNEW", ["transactionId"]]]);
    expect(src.list("live").rows.get("tx_01HNEW")?.id).toBe("tx_01HNEW");
  });

  it("says which list could not be asked, and still answers from the others", async () => {
    const src = sources({ test: [row("tx_01HTEST")] }, [], {
      live: () => Promise.reject(new PaymentsApiError("down", { status: 503, code: "upstream", retryable: true })),
    });
    const answer = await searchPayments("tx_01HTEST", "UTC", src);
    expect(answer.results.map((r) => r.transactionId)).toEqual(["tx_01HTEST"]);
    expect(answer.lists.find((l) => l.environment === "live")?.error).toEqual(expect.any(String));
    expect(answer.lists.find((l) => l.environment === "test")?.error).toBeNull();
  });

  it("finds nothing for text that is only part of an id, and caps the answer at 100 with `more`", async () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      row(`tx_${String(i).padStart(3, "0")}`, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
    );
    expect((await searchPayments("tx_00", "UTC", sources({ test: many }))).results).toEqual([]);
    const answer = await searchPayments("1500", "UTC", sources({ test: many }));
    expect(answer.results).toHaveLength(100);
    expect(answer.more).toBe(true);
    expect(answer.results[0]!.transactionId).toBe("tx_129");
  });
});
