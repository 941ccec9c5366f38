import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { VerifiedBeneficiaryDto } from "@/features/nigeria/contracts/verify-account";
import type { NigeriaVerifyAccountRequest } from "@/lib/requests";
import type { Environment } from "@/lib/rails";
import { ApiError } from "@/lib/server/api-error";
import { env } from "@/lib/server/env";
import { sealBeneficiary } from "@/lib/server/money-writes/kinds/ngn-beneficiary-token";

const NAME_ENQUIRY_FAILED = "The bank could not resolve this account. Check the bank and the 10-digit account number.";
const NO_ACCOUNT_NAME = "The bank gave no name for this account, so it cannot be paid. Check the bank and the account number.";

/** The bank name comes from the enquiry when it says, else from the banks list (§2.4: bankName is "from the banks list"). */
async function bankNameOf(client: PaymentsClient, bankCode: string, given: string | undefined): Promise<string> {
  if (given?.trim()) return given.trim();
  const bank = (await client.nigeria.banks()).items.find((item) => item.bankCode === bankCode);
  if (!bank) throw new ApiError("upstream_rejected", NAME_ENQUIRY_FAILED, { fields: { bankCode: ["Unknown bank"] } });
  return bank.bankName.trim();
}

/** Name enquiry, then a sealed token binding what it resolved: the only beneficiary a payout may use. */
export async function verifyBeneficiaryAccount(
  input: NigeriaVerifyAccountRequest,
  client: PaymentsClient,
  mode: Environment,
  subject: string,
): Promise<VerifiedBeneficiaryDto> {
  let accountName: string;
  let bankName: string | undefined;
  try {
    const verified = await client.nigeria.verifyAccount(input);
    // Trimmed as the payout's schema trims them (lib/requests/nigeria.ts), so the token binds the
    // very values a payout sends: a name the bank pads with spaces would otherwise never match.
    accountName = verified.accountName.trim();
    bankName = verified.bankName;
  } catch (error) {
    // A 4xx here (name_enquiry_failed in the simulator) is an answer about the account, not a fault.
    if (error instanceof PaymentsApiError && error.code === "validation") {
      throw new ApiError("upstream_rejected", NAME_ENQUIRY_FAILED, { fields: { accountNumber: [NAME_ENQUIRY_FAILED] } });
    }
    throw error;
  }
  if (!accountName) throw new ApiError("upstream_rejected", NO_ACCOUNT_NAME, { fields: { accountNumber: [NO_ACCOUNT_NAME] } });
  const beneficiary = {
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
    accountName,
    bankName: await bankNameOf(client, input.bankCode, bankName),
  };
  const { token, expiresAt } = await sealBeneficiary(beneficiary, { environment: mode, subject }, { secret: env().sessionSecret });
  return { ...beneficiary, token, expiresAt };
}
