import { signOutContract } from "@/lib/contracts/auth";
import { recordAudit } from "@/lib/server/audit/app";
import { withPublic } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { endSession, getCurrentSession } from "@/lib/server/session";

// Public on purpose: signing out with an already expired session must still clear the cookie.
// Only a live session's sign-out is an action worth recording.
export const POST = withPublic(signOutContract, async ({ request, requestId }) => {
  const session = await getCurrentSession();
  await endSession();
  if (session) {
    const { email, role } = session.user;
    await recordAudit({
      actor: { kind: "staff", id: email, email, role },
      environment: session.mode,
      action: "sign_out",
      requestId,
      clientAddress: clientAddress(request.headers),
      result: "ok",
    });
  }
  return { redirectTo: "/sign-in" };
});
