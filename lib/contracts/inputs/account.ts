// The input schemas of lib/contracts/account.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";

// The session row's id is a Postgres uuid, 8-4-4-4-12 hex as the page has it: 36 hyphens or zeros
// without the groups passed a looser check and Postgres then refused the value (a 500).
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const endSessionInputSchema = z.object({ id: z.string().check(z.regex(SESSION_ID, "Not a session id.")) });
