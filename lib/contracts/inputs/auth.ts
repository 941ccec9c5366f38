// The input schemas of lib/contracts/auth.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";
import { printable } from "./printable";

export const signInInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, "Enter your email"), z.maxLength(320), printable()),
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(1024)),
  /** Validated again on the server as a same-origin path (lib/server/return-to.ts). */
  returnTo: z.optional(z.string().check(z.maxLength(2048))),
});
