// The input schemas of lib/contracts/second-factor.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH } from "./auth";

/** What a person types: a 6-digit TOTP code or a recovery code ("abcde-fghij"); spaces are fine. */
const codeSchema = z.string().check(z.trim(), z.minLength(1, "Enter the code"), z.maxLength(32, "That is not a code."));

export const codeInput = z.object({ code: codeSchema });

/** A code, and where to go once it is accepted (sign-in's second step, the enrolment's confirmation). */
export const codeWithReturnToInput = z.object({ code: codeSchema, returnTo: z.optional(z.string().check(z.maxLength(2048))) });

/**
 * Starting an enrolment. `password`: needed from a session that is already signed in (enrolling
 * from /account), so a copied cookie alone cannot put its holder's authenticator on the account.
 */
export const enrolmentStartInput = z.object({ password: z.optional(z.string().check(z.maxLength(MAX_PASSWORD_LENGTH))) });
