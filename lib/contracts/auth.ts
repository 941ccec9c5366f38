// POST /api/auth/sign-in and POST /api/auth/sign-out (browser-safe).
import type * as z from "zod/mini";
import { contract } from "./contract";
import type { signInInputSchema } from "./inputs/auth";

export type SignInInput = z.output<typeof signInInputSchema>;

/** Where the browser goes next, with a full page load. */
export type RedirectDto = { redirectTo: string };

export const signInContract = contract<RedirectDto>()({
  method: "POST",
  path: () => "/api/auth/sign-in",
  input: () => import("./inputs/auth").then((m) => m.signInInputSchema),
});

/** Public on purpose: signing out with an already expired session must still clear the cookie. */
export const signOutContract = contract<RedirectDto>()({ method: "POST", path: () => "/api/auth/sign-out" });
