import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

/** Test keys get 503 on Nigeria (§1 rule 10): a state of the product, not an error. */
export function LiveOnlyState() {
  return (
    <div data-testid="nigeria-live-only">
      <EmptyState title="Nigeria is live only">
        Nigeria has no test environment: test keys cannot reach it. Switch to live mode to use the virtual account and payouts.
      </EmptyState>
    </div>
  );
}

/** 403 market_not_enabled (§1 rule 8, §7): the merchant has work to do, not the operator. */
export function MarketNotEnabledState() {
  return (
    <div data-testid="nigeria-not-enabled">
      <EmptyState title="Nigeria is not enabled for this merchant">
        The Nigeria market needs approval and KYC verification before the virtual account and payouts work. Its NGN pocket appears on the{" "}
        <Link href="/" className="text-indigo-800 underline">
          overview
        </Link>{" "}
        once approved.
      </EmptyState>
    </div>
  );
}
