// Name enquiry: what the BFF seals is what a payout's schema will send, so a name the bank pads
// with spaces still pays, and a bank that gives no name is refused before any token exists.
import * as z from "zod/mini";
import { describe, expect, it, vi } from "vitest";
import type { PaymentsClient } from "@/lib/payments";
import { nigeriaPayoutRequestSchema } from "@/lib/requests/nigeria";
import { verifyBeneficiary } from "@/lib/server/money-writes/kinds/ngn-beneficiary-token";
import { verifyBeneficiaryAccount } from "@/features/nigeria/server/verify";

const secret = "test-session-secret-0123456789abcdef-0123";
vi.mock("@/lib/server/env", () => ({ env: () => ({ sessionSecret: secret }) }));

const clientAnswering = (accountName: string, bankName?: string) =>
  ({
    nigeria: {
      verifyAccount: () => Promise.resolve({ accountName, ...(bankName === undefined ? {} : { bankName }) }),
      banks: () => Promise.resolve({ items: [{ bankCode: "058", bankName: " Guaranty Trust Bank " }] }),
    },
  }) as unknown as PaymentsClient;

const input = { bankCode: "058", accountNumber: "0123456789" };

describe("verifyBeneficiaryAccount", () => {
  it("seals the names as a payout sends them, so a padded name from the bank still pays", async () => {
    const verified = await verifyBeneficiaryAccount(input, clientAnswering("  ADAEZE OKAFOR  ", " GTBank "), "live", "finance@demo.test");
    expect(verified).toMatchObject({ accountName: "ADAEZE OKAFOR", bankName: "GTBank" });
    const payout = z.parse(nigeriaPayoutRequestSchema, {
      amount: "1000.00",
      merchantReference: "NGN-20261128-PAD",
      beneficiary: { ...input, accountName: verified.accountName, bankName: verified.bankName },
    });
    expect(
      await verifyBeneficiary(verified.token, payout.beneficiary, { environment: "live", subject: "finance@demo.test" }, { secret }),
    ).toEqual({
      ok: true,
    });
  });

  it("takes the bank's name from the list when the enquiry gives a blank one", async () => {
    const verified = await verifyBeneficiaryAccount(input, clientAnswering("ADA OBI", "   "), "live", "finance@demo.test");
    expect(verified.bankName).toBe("Guaranty Trust Bank");
  });

  it("refuses an account the bank names with nothing but spaces: no token, a clear 422", async () => {
    await expect(verifyBeneficiaryAccount(input, clientAnswering("   "), "live", "finance@demo.test")).rejects.toMatchObject({
      code: "upstream_rejected",
      status: 422,
      extra: { fields: { accountNumber: [expect.stringContaining("no name") as unknown as string] } },
    });
  });
});
