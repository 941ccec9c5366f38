"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import type { VerifiedBeneficiaryDto } from "@/lib/nigeria/dto";
import type { NigeriaVerifyAccountRequest } from "@/lib/requests";

/** POST /api/nigeria/verify-account: the BFF's own name enquiry, answering with the sealed beneficiary token. */
export function useNameEnquiry() {
  return useMutation({
    mutationFn: (input: NigeriaVerifyAccountRequest) => apiFetch<VerifiedBeneficiaryDto>("/api/nigeria/verify-account", { method: "POST", json: input }),
  });
}
