// The input schemas of lib/contracts/auth.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";
import { printable } from "./printable";

/**
 * The longest password sign-in reads (a bound on what scrypt is asked to hash per attempt). The users
 * CLI refuses to set a longer one, which no sign-in could ever match.
 */
export const MAX_PASSWORD_LENGTH = 1024;

export const signInInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, "Enter your email"), z.maxLength(320), printable()),
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(MAX_PASSWORD_LENGTH)),
  /** Validated again on the server as a same-origin path (lib/server/return-to.ts). */
  returnTo: z.optional(z.string().check(z.maxLength(2048))),
  /** Past the account's daily ceiling, from a new browser: a recovery code with the password (lib/server/sign-in.ts). */
  recoveryCode: z.optional(z.string().check(z.maxLength(64))),
});
