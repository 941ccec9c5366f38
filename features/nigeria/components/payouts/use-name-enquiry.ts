"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { nigeriaVerifyAccountContract } from "@/features/nigeria/contracts/verify-account";
import type { NigeriaVerifyAccountRequest } from "@/lib/requests";

/** POST /api/nigeria/verify-account: the BFF's own name enquiry, answering with the sealed beneficiary token. */
export function useNameEnquiry() {
  return useMutation({
    mutationFn: (input: NigeriaVerifyAccountRequest) => apiFetch(nigeriaVerifyAccountContract, { body: input }),
  });
}
