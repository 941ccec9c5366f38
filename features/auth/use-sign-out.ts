"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { signOutContract } from "@/lib/contracts/auth";

/** A full navigation, not router.push: it throws away every cached figure of this session. */
// eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load is the point
const toSignIn = () => window.location.assign("/sign-in");

/**
 * Signs out, then leaves for /sign-in. Only once the session is gone: after a failed sign-out (the
 * database down, a refused request) /sign-in sent the live session straight back to the
 * dashboard, and the person at a shared desk believed they had signed out. A session already
 * ended (401) is as good as signed out.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => apiFetch(signOutContract),
    onSuccess: toSignIn,
    onError: (error) => {
      if (isApiFetchError(error) && error.status === 401) toSignIn();
    },
    meta: { skipAuthRedirect: true },
  });
}
