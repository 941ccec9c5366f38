import { enrolmentStartContract } from "@/lib/contracts/second-factor";
import { withPublic } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { startEnrolment } from "@/lib/server/second-factor/enrolment";

// Public wrapper, session checked inside: a sign-in that must enrol is not yet a signed-in session.
export const POST = withPublic(enrolmentStartContract, ({ input, request, requestId }) =>
  startEnrolment(input.password, { address: clientAddress(request.headers), requestId }),
);
