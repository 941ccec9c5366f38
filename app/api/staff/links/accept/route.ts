import { acceptInvitationContract } from "@/features/staff/contracts";
import { linkContext } from "@/features/staff/server/context";
import { acceptWithPassword } from "@/features/staff/server/links";
import { withPublic } from "@/lib/server/bff";

/** Public: the invitee sets a password with the invitation's link; answers where to go (enrolment first where the role needs it). */
export const POST = withPublic(acceptInvitationContract, ({ input, request, requestId }) =>
  acceptWithPassword(input.token, input.password, linkContext(request, requestId)),
);
