import { resetPasswordContract } from "@/features/staff/contracts";
import { linkContext } from "@/features/staff/server/context";
import { resetWithPassword } from "@/features/staff/server/links";
import { withPublic } from "@/lib/server/bff";

/** Public: a new password with a reset link; every session of the account ends. */
export const POST = withPublic(resetPasswordContract, ({ input, request, requestId }) =>
  resetWithPassword(input.token, input.password, linkContext(request, requestId)),
);
