import { secondFactorSignInContract } from "@/lib/contracts/second-factor";
import { ApiError } from "@/lib/server/api-error";
import { withPublic } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { issueDeviceCookie } from "@/lib/server/device-cookie";
import { safeReturnTo } from "@/lib/server/return-to";
import { spendCode } from "@/lib/server/second-factor/spend-code";
import { activateSession, getPendingSignIn } from "@/lib/server/session";

// The second step of sign-in: the password was right (the session is in stage second_factor);
// a TOTP or recovery code makes it a signed-in session, under a new cookie secret, whose step-up
// clock starts now. This browser gets the account's device cookie (lib/server/device-cookie.ts).
export const POST = withPublic(secondFactorSignInContract, async ({ input, request, requestId }) => {
  const pending = await getPendingSignIn();
  if (pending?.row.stage !== "second_factor") throw new ApiError("unauthenticated");
  await spendCode("sign_in.second_factor", {
    user: pending.user,
    code: input.code,
    address: clientAddress(request.headers),
    requestId,
    environment: null,
  });
  if (!(await activateSession(pending.row))) throw new ApiError("unauthenticated");
  await issueDeviceCookie(pending.user);
  return { redirectTo: safeReturnTo(input.returnTo) };
});
