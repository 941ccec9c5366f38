import { withPublic } from "@/lib/server/bff";
import { signIn, signInInputSchema } from "@/lib/server/sign-in";

export const POST = withPublic(({ input, request }) => signIn(input, request.headers), { input: signInInputSchema });
