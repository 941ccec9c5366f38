// The input schemas of features/account/contracts.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH } from "@/lib/contracts/inputs/auth";

// The session row's id is a Postgres uuid, 8-4-4-4-12 hex as the page has it: 36 hyphens or zeros
// without the groups passed a looser check and Postgres then refused the value (a 500).
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An account without a second factor gives its password to end its other sessions (lib/server/sessions/fresh-check.ts). */
const password = z.optional(z.string().check(z.maxLength(MAX_PASSWORD_LENGTH)));

export const endSessionInputSchema = z.object({ id: z.string().check(z.regex(SESSION_ID, "Not a session id.")), password });

export const endOtherSessionsInputSchema = z.object({ password });

/** A staff_notices id: a bigint as digits. */
export const dismissNoticeInputSchema = z.object({ id: z.string().check(z.regex(/^[1-9][0-9]{0,17}$/, "Not a notice id.")) });
