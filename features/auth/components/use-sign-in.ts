"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { signInContract, type SignInInput } from "@/lib/contracts/auth";

export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch(signInContract, { body: input }),
    // The server validated redirectTo as a same-origin path; a full load starts the session's cache from scratch.
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
    // A 401 here means a wrong password, not an expired session: no redirect to sign-in.
    meta: { skipAuthRedirect: true },
  });
}
