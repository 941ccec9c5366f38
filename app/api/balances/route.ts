import { balancesContract } from "@/lib/contracts/balances";
import { loadBalances } from "@/lib/server/balances";
import { withSession } from "@/lib/server/bff";

export const GET = withSession(balancesContract, ({ session }) => loadBalances(session.mode), { permission: "balances:read" });
