// POST /api/nigeria/verify-account (browser-safe): name enquiry (§2.4).
import { contract } from "@/lib/contracts/contract";

/** The name enquiry answer, with the sealed token that proves the BFF resolved this beneficiary itself. */
export type VerifiedBeneficiaryDto = {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  token: string;
  expiresAt: string;
};

export const nigeriaVerifyAccountContract = contract<VerifiedBeneficiaryDto>()({
  method: "POST",
  path: () => "/api/nigeria/verify-account",
  input: () => import("@/lib/requests").then((m) => m.nigeriaVerifyAccountRequestSchema),
});
