import { nigeriaProvisionContract, nigeriaVirtualAccountContract } from "@/lib/contracts/nigeria/virtual-account";
import { withSession } from "@/lib/server/bff";
import { provisionVirtualAccount, readVirtualAccount } from "@/lib/server/nigeria/virtual-account";

export const GET = withSession(nigeriaVirtualAccountContract, ({ client, session }) => readVirtualAccount(client, session.mode), { permission: "nigeria:read" });

export const POST = withSession(nigeriaProvisionContract, ({ input, client, session }) => provisionVirtualAccount(input, client, session.mode), {
  permission: "money:write",
});
