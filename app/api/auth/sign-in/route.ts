import { signInContract } from "@/lib/contracts/auth";
import { withPublic } from "@/lib/server/bff";
import { signIn } from "@/lib/server/sign-in";

export const POST = withPublic(signInContract, ({ input, request, requestId }) => signIn(input, request.headers, requestId));
