import { nigeriaInboundContract } from "@/features/nigeria/contracts/inbound";
import { withSession } from "@/lib/server/bff";
import { recentNigeriaCredits } from "@/features/nigeria/server/recent";

/** Inbound credits to the virtual account: the newest NGN pay-ins of the transaction list (§1 Nigeria). */
export const GET = withSession(nigeriaInboundContract, ({ client }) => recentNigeriaCredits(client), {
  permission: "nigeria:read",
});
