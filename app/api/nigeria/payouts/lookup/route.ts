import { nigeriaPayoutLookupContract } from "@/lib/contracts/ngn-payouts";
import { withSession } from "@/lib/server/bff";
import { writeContextOf } from "@/lib/server/money-writes/context";
import { lookupWrite } from "@/lib/server/money-writes/write-lookup";
import { ngnPayoutWrite } from "@/lib/server/money-writes/kinds/ngn-payout";
import { moneyWrites } from "@/lib/server/money-writes/process-store";

/** "Was this payout created?" after a timeout, a lost answer or a refresh (the wizard's recovery). */
export const GET = withSession(
  nigeriaPayoutLookupContract,
  (ctx) => lookupWrite(moneyWrites(), ngnPayoutWrite, ctx.input.reference, writeContextOf(ctx)),
  {
    permission: "money:write",
  },
);
