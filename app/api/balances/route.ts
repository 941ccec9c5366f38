import { toBalancesDto } from "@/lib/server/balances";
import { withSession } from "@/lib/server/bff";

export const GET = withSession(async ({ client, session }) => toBalancesDto(await client.balance(), session.mode, new Date()), {
  permission: "balances:read",
});
