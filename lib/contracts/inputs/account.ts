// The input schemas of lib/contracts/account.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";

export const endSessionInputSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, "Not a session id.")) });
