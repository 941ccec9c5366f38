import { nigeriaInboundContract } from "@/lib/contracts/nigeria/inbound";
import { withSession } from "@/lib/server/bff";
import { recentNigeriaCredits } from "@/lib/server/nigeria/recent";

/** Inbound credits to the virtual account: the newest NGN pay-ins of the transaction list (§1 Nigeria). */
export const GET = withSession(nigeriaInboundContract, ({ client }) => recentNigeriaCredits(client), {
  permission: "nigeria:read",
});
