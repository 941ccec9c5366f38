import { meContract } from "@/lib/contracts/me";
import { withSession } from "@/lib/server/bff";
import { merchantIdentity } from "@/lib/server/merchant";

// The same copy the pages' first HTML names the merchant from (lib/server/merchant.ts).
export const GET = withSession(meContract, ({ session }) => merchantIdentity(session.mode));
