import { nigeriaVerifyAccountRequestSchema } from "@/lib/requests";
import { withSession } from "@/lib/server/bff";
import { verifyBeneficiaryAccount } from "@/lib/server/nigeria/verify";

export const POST = withSession(
  async ({ input, client, session }) => verifyBeneficiaryAccount(input, client, session.mode, session.user.email),
  { permission: "money:write", input: nigeriaVerifyAccountRequestSchema },
);
