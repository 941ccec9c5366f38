import { signOutContract } from "@/lib/contracts/auth";
import { withPublic } from "@/lib/server/bff";
import { endSession } from "@/lib/server/session";

// Public on purpose: signing out with an already expired session must still clear the cookie.
export const POST = withPublic(signOutContract, async () => {
  await endSession();
  return { redirectTo: "/sign-in" };
});
