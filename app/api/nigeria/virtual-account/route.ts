import { nigeriaProvisionContract, nigeriaVirtualAccountContract } from "@/lib/contracts/nigeria/virtual-account";
import { withSession } from "@/lib/server/bff";
import { writeContextOf } from "@/lib/server/money-writes/context";
import { runMoneyWrite } from "@/lib/server/money-writes/pipeline";
import { ngnVirtualAccountRail } from "@/lib/server/money-writes/rails/ngn-virtual-account";
import { moneyWrites } from "@/lib/server/money-writes/process-store";
import { readVirtualAccount } from "@/lib/server/nigeria/virtual-account";

export const GET = withSession(nigeriaVirtualAccountContract, ({ client, session }) => readVirtualAccount(client, session.mode), {
  permission: "nigeria:read",
});

export const POST = withSession(
  nigeriaProvisionContract,
  (ctx) => runMoneyWrite(moneyWrites(), ngnVirtualAccountRail, ctx.input, writeContextOf(ctx)),
  {
    permission: "money:write",
  },
);
