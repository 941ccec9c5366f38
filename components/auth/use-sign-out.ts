"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { signOutContract } from "@/lib/contracts/auth";

export function useSignOut() {
  return useMutation({
    mutationFn: () => apiFetch(signOutContract),
    // A full navigation, not router.push: it throws away every cached figure of this session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load is the point
    onSettled: () => window.location.assign("/sign-in"),
    meta: { skipAuthRedirect: true },
  });
}
