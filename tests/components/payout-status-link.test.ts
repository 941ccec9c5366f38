import { describe, expect, it } from "vitest";
import { payoutStatusHref } from "@/features/transactions/components/payout-status-link";
import { tx } from "../transactions/fixtures";

describe("the Nigeria payout status link on a transaction", () => {
  const ngnPayout = tx({ id: "tx_ngn", type: "payout", currency: "NGN" });

  it("is offered to the roles that may open the Nigeria payout pages", () => {
    for (const role of ["admin", "finance", "viewer"] as const) expect(payoutStatusHref(ngnPayout, role)).toBe("/nigeria/payouts/tx_ngn");
  });

  it("is not offered to support, whom the page answers 404", () => {
    expect(payoutStatusHref(ngnPayout, "support")).toBeNull();
  });

  it("is offered for NGN payouts only", () => {
    expect(payoutStatusHref(tx({ type: "payout", currency: "BRL" }), "admin")).toBeNull();
    expect(payoutStatusHref(tx({ type: "payin", currency: "NGN" }), "admin")).toBeNull();
  });
});
