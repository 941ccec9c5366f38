import { nigeriaCreatePayoutContract, nigeriaRecentPayoutsContract } from "@/lib/contracts/ngn-payouts";
import { withSession } from "@/lib/server/bff";
import { writeContextOf } from "@/lib/server/money-writes/context";
import { runMoneyWrite } from "@/lib/server/money-writes/pipeline";
import { ngnPayoutWrite } from "@/lib/server/money-writes/kinds/ngn-payout";
import { moneyWrites } from "@/lib/server/money-writes/process-store";
import { recentNigeriaPayouts } from "@/features/nigeria/server/recent-payouts";

/** Recent Nigeria payouts (viewers may look). */
export const GET = withSession(nigeriaRecentPayoutsContract, ({ client }) => recentNigeriaPayouts(client), {
  permission: "nigeria:read",
});

export const POST = withSession(
  nigeriaCreatePayoutContract,
  (ctx) => runMoneyWrite(moneyWrites(), ngnPayoutWrite, ctx.input, writeContextOf(ctx)),
  {
    permission: "money:write",
  },
);
