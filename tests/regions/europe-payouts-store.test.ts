// The Europe "awaiting approval" list lives in Postgres (europe_payouts): what one
// instance remembers, every other sees, and a restart keeps it, amount and beneficiary
// included (before, a restart turned a 1,500 EUR payout into "Not known to this dashboard").
import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { toEuropePayoutDto } from "@/lib/server/money-writes/kinds/region-dto";
import { EuropePayoutStore, reconcileAwaiting } from "@/lib/server/money-writes/kinds/europe-payout-store";
import { setupTestDatabase } from "../support/db";
import { europeTransaction } from "../support/europe-transaction";

const database = setupTestDatabase();

const awaiting = (id: string, amount = "1500.00") =>
  toEuropePayoutDto({
    transactionId: id,
    status: "pending",
    requiresApproval: true,
    approvalStatus: "awaiting_approval",
    amount,
    currency: "EUR",
    beneficiary: { name: "Jean Dupont", iban: "FR7630006000011234567890189" },
  });

/** Another instance's (or a restarted one's) own pool on the same database. */
function otherPool() {
  const pool = createDatabase(database.url, { max: 2 });
  onTestFinished(() => pool.destroy());
  return pool;
}

const ids = (payouts: { transactionId: string }[]) => payouts.map((payout) => payout.transactionId);

describe("Europe payouts awaiting approval, in Postgres", () => {
  it("lists only payouts that await approval, newest first, and drops approved ones", async () => {
    const store = new EuropePayoutStore(database.db, "test");
    await store.remember(awaiting("list-a"));
    await store.remember(toEuropePayoutDto({ transactionId: "list-small", status: "pending", requiresApproval: false }));
    await store.remember(awaiting("list-b"));
    expect(ids(await store.awaiting())).toEqual(["list-b", "list-a"]);
    await store.remember({ ...awaiting("list-a"), approvalStatus: "approved" });
    expect(ids(await store.awaiting())).toEqual(["list-b"]);
    await store.forget("list-b");
  });

  it("a restart keeps the list with its amount and beneficiary; another instance sees it and its approval", async () => {
    const a = new EuropePayoutStore(database.db, "live");
    await a.remember(awaiting("tx_eu_restart", "1500.00"));

    const b = new EuropePayoutStore(otherPool(), "live");
    expect(await b.awaiting()).toEqual([expect.objectContaining({ transactionId: "tx_eu_restart", amount: "1500.00", currency: "EUR" })]);
    const before = await a.get("tx_eu_restart");
    expect(before?.beneficiaryName).toBe("Jean Dupont");

    await b.remember({ ...awaiting("tx_eu_restart"), approvalStatus: "approved" });
    expect(await a.awaiting()).toEqual([]);
    expect(await a.get("tx_eu_restart")).toMatchObject({ approvalStatus: "approved", amount: "1500.00" });

    // The test environment's list is another list.
    expect(ids(await new EuropePayoutStore(database.db, "test").awaiting())).not.toContain("tx_eu_restart");
  });

  it("reconciles against the transaction list: 404 forgotten, final ones no longer awaiting", async () => {
    const store = new EuropePayoutStore(database.db, "test");
    for (const id of ["gone", "failed", "waiting"]) await store.remember(awaiting(id));
    const lookup = (id: string) => Promise.resolve(id === "gone" ? null : europeTransaction(id, id === "failed" ? "failed" : "pending"));
    const still = await reconcileAwaiting(store, lookup);
    expect(ids(still)).toEqual(["waiting"]);
    expect(await store.get("gone")).toBeUndefined();
    expect(await store.get("failed")).toMatchObject({ status: "failed", approvalStatus: null });
    expect(ids(await store.awaiting())).toEqual(["waiting"]);
  });

  // Hundreds awaiting were all read at once: the upstream's rate limit, and every other read starved.
  it("reads the statuses a few at a time, and keeps the list's order", async () => {
    const store = new EuropePayoutStore(database.db, "test");
    const waiting = Array.from({ length: 30 }, (_, i) => `w${String(i).padStart(2, "0")}`);
    for (const id of waiting) await store.remember(awaiting(id));
    const order = ids(await store.awaiting());
    let inFlight = 0;
    let most = 0;
    const lookup = async (id: string) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Later ids answer first: the answers' order must not become the list's.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (id.endsWith("0")) await new Promise<void>((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return europeTransaction(id, "pending");
    };
    const still = await reconcileAwaiting(store, lookup);
    expect(ids(still)).toEqual(order);
    expect(most).toBe(4);
  });
});
