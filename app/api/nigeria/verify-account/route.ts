import { nigeriaVerifyAccountContract } from "@/features/nigeria/contracts/verify-account";
import { withSession } from "@/lib/server/bff";
import { verifyBeneficiaryAccount } from "@/features/nigeria/server/verify";

export const POST = withSession(
  nigeriaVerifyAccountContract,
  ({ input, client, session }) => verifyBeneficiaryAccount(input, client, session.mode, session.user.email),
  // A name enquiry moves nothing: the payout it leads to is what needs the fresh second factor.
  { permission: "money:write", stepUp: false },
);
