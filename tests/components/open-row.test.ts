import { describe, expect, it } from "vitest";
import { rowAsListedNow } from "@/features/transactions/components/open-row";
import { tx } from "../transactions/fixtures";

describe("the detail dialog's row", () => {
  const opened = tx({ id: "tx_open", status: "pending", completedAt: null });

  it("follows the list while the row is in view: a refresh that moved its status on shows in the open dialog", () => {
    const now = tx({ id: "tx_open", status: "failed", completedAt: "2026-11-28T10:00:00Z" });
    expect(rowAsListedNow(opened, [tx({ id: "tx_other" }), now])).toBe(now);
  });

  it("stays as opened once a filter or a sort moved the row out of view, and is nothing when no row is open", () => {
    expect(rowAsListedNow(opened, [tx({ id: "tx_other" })])).toBe(opened);
    expect(rowAsListedNow(null, [opened])).toBeNull();
  });
});
