import { nigeriaInboundContract } from "@/lib/contracts/nigeria/inbound";
import { withSession } from "@/lib/server/bff";
import { recentNigeriaTransactions } from "@/lib/server/nigeria/recent";

/** Inbound credits to the virtual account: the NGN pay-ins of the transaction list (§1 Nigeria). */
export const GET = withSession(nigeriaInboundContract, ({ client }) => recentNigeriaTransactions(client, "payin"), {
  permission: "nigeria:read",
});
