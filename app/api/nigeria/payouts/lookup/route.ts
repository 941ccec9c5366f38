import { nigeriaPayoutLookupContract } from "@/lib/contracts/nigeria/payouts";
import { withSession } from "@/lib/server/bff";
import { lookupPayoutByReference } from "@/lib/server/nigeria/payouts";

/** "Was this payout created?" after a timeout, a lost answer or a refresh (the wizard's recovery). */
export const GET = withSession(
  nigeriaPayoutLookupContract,
  ({ input, client, session }) => lookupPayoutByReference(input.reference, client, session.mode),
  { permission: "money:write" },
);
