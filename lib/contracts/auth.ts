// POST /api/auth/sign-in and POST /api/auth/sign-out (browser-safe).
import * as z from "zod/mini";
import { contract } from "./contract";

const signInInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, "Enter your email"), z.maxLength(320)),
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(1024)),
  /** Validated again on the server as a same-origin path (lib/server/return-to.ts). */
  returnTo: z.optional(z.string().check(z.maxLength(2048))),
});
export type SignInInput = z.output<typeof signInInputSchema>;

/** Where the browser goes next, with a full page load. */
export type RedirectDto = { redirectTo: string };

export const signInContract = contract<RedirectDto>()({ method: "POST", path: () => "/api/auth/sign-in", input: signInInputSchema });

/** Public on purpose: signing out with an already expired session must still clear the cookie. */
export const signOutContract = contract<RedirectDto>()({ method: "POST", path: () => "/api/auth/sign-out" });
