import { recentPayoutsContract } from "@/lib/contracts/region-payouts";
import { withSession } from "@/lib/server/bff";
import { recentPayouts } from "@/features/transactions/server/recent";

/** The newest payouts of every rail: the payouts page's history, not only what this console sent. */
export const GET = withSession(recentPayoutsContract, ({ client }) => recentPayouts(client), {
  permission: "transactions:read",
});
