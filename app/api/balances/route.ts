import { loadBalances } from "@/lib/server/balances";
import { withSession } from "@/lib/server/bff";

export const GET = withSession(async ({ session }) => loadBalances(session.mode), {
  permission: "balances:read",
});
