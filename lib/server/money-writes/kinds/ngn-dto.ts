import "server-only";
import type { NigeriaPayout, NigeriaPayoutCreated, VirtualAccount } from "@/lib/payments/schemas/nigeria";
import type { NigeriaPayoutDto } from "@/lib/contracts/ngn-payouts";
import type { VirtualAccountDto } from "@/lib/contracts/ngn-virtual-account";
import { maskAccountNumber } from "@/lib/mask";

/** Account details leave the BFF only when ready is true (§3); the BVN and birth date are never returned upstream. */
export function toVirtualAccountDto(account: VirtualAccount | null): VirtualAccountDto {
  if (!account) return { state: "none" };
  if (account.ready) {
    return {
      state: "ready",
      id: account.id,
      accountNumber: account.accountNumber,
      bankName: account.bankName,
      accountName: account.accountName,
      createdAt: account.createdAt,
    };
  }
  return { state: "provisioning", id: account.id, firstName: account.firstName, lastName: account.lastName, createdAt: account.createdAt };
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * The poll response (§2.4) or the create answer (not shown, §4.9: only the id
 * and status are relied on). merchantReference is not in §2.4; it is read when
 * the service sends it. The account number leaves the BFF masked.
 */
export function toPayoutDto(payout: NigeriaPayout | NigeriaPayoutCreated): NigeriaPayoutDto {
  const beneficiary = (payout.beneficiary ?? {}) as Record<string, unknown>;
  const accountNumber = text(beneficiary.accountNumber);
  return {
    transactionId: payout.transactionId,
    reference: text(payout.reference),
    merchantReference: text((payout as Record<string, unknown>).merchantReference),
    status: payout.status,
    withdrawalStatus: text(payout.withdrawalStatus),
    settled: typeof payout.settled === "boolean" ? payout.settled : null,
    amount: text(payout.amount),
    currency: text(payout.currency) ?? "NGN",
    fee: text(payout.fee),
    totalDebit: text(payout.totalWalletDebit),
    beneficiary: {
      accountNumberMasked: accountNumber === null ? null : maskAccountNumber(accountNumber),
      accountName: text(beneficiary.accountName),
      bankName: text(beneficiary.bankName),
      bankCode: text(beneficiary.bankCode),
    },
    createdAt: text(payout.createdAt),
    // Neither is in §2.4's example; read when present (the simulator sends both), null otherwise.
    completedAt: text((payout as Record<string, unknown>).completedAt),
    description: text((payout as Record<string, unknown>).description),
  };
}
