import { nigeriaProvisionContract, nigeriaVirtualAccountContract } from "@/lib/contracts/ngn-virtual-account";
import { withSession } from "@/lib/server/bff";
import { writeContextOf } from "@/lib/server/money-writes/context";
import { runMoneyWrite } from "@/lib/server/money-writes/pipeline";
import { ngnVirtualAccountWrite } from "@/lib/server/money-writes/kinds/ngn-virtual-account";
import { moneyWrites } from "@/lib/server/money-writes/process-store";
import { readVirtualAccount } from "@/features/nigeria/server/virtual-account";

export const GET = withSession(nigeriaVirtualAccountContract, ({ client, session }) => readVirtualAccount(client, session.mode), {
  permission: "nigeria:read",
});

export const POST = withSession(
  nigeriaProvisionContract,
  (ctx) => runMoneyWrite(moneyWrites(), ngnVirtualAccountWrite, ctx.input, writeContextOf(ctx)),
  {
    permission: "money:write",
  },
);
