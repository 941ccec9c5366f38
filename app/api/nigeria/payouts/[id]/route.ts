import { nigeriaPayoutContract } from "@/lib/contracts/nigeria/payouts";
import { withSession } from "@/lib/server/bff";
import { getNigeriaPayout, payoutIdOf } from "@/lib/server/nigeria/payouts";

export const GET = withSession(nigeriaPayoutContract, ({ params, client }) => getNigeriaPayout(payoutIdOf(params.id), client), {
  permission: "nigeria:read",
});
