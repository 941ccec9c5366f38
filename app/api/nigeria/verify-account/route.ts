import { nigeriaVerifyAccountContract } from "@/lib/contracts/nigeria/verify-account";
import { withSession } from "@/lib/server/bff";
import { verifyBeneficiaryAccount } from "@/lib/server/nigeria/verify";

export const POST = withSession(
  nigeriaVerifyAccountContract,
  ({ input, client, session }) => verifyBeneficiaryAccount(input, client, session.mode, session.user.email),
  { permission: "money:write" },
);
