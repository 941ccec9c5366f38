import { enrolmentConfirmContract } from "@/lib/contracts/second-factor";
import { withPublic } from "@/lib/server/bff";
import { clientAddress } from "@/lib/server/client-address";
import { confirmEnrolment } from "@/lib/server/second-factor/enrolment";

// Public wrapper, session checked inside: a sign-in that must enrol is not yet a signed-in session.
export const POST = withPublic(enrolmentConfirmContract, ({ input, request, requestId }) =>
  confirmEnrolment(input.code, input.returnTo, { address: clientAddress(request.headers), requestId }),
);
