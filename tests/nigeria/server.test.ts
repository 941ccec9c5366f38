import { describe, expect, it } from "vitest";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { NigeriaPayoutCreated } from "@/lib/payments/schemas/nigeria";
import { NO_HOOKS } from "@/lib/server/money-writes/hooks";
import { idempotencyKey } from "@/lib/server/money-writes/idempotency";
import { MemoryWriteLedger } from "@/lib/server/money-writes/ledger";
import { runMoneyWrite, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { ngnPayoutWrite } from "@/lib/server/money-writes/kinds/ngn-payout";
import { BENEFICIARY_TOKEN_TTL_SECONDS, sealBeneficiary, verifyBeneficiary } from "@/lib/server/money-writes/kinds/ngn-beneficiary-token";
import { toPayoutDto, toVirtualAccountDto } from "@/lib/server/money-writes/kinds/ngn-dto";

const secret = "test-session-secret-0123456789abcdef-0123";
const beneficiary = { bankCode: "058", accountNumber: "0123456789", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" };
const binding = { environment: "live" as const, subject: "finance@demo.test" };

describe("beneficiary token", () => {
  it("verifies what it sealed", async () => {
    const { token, expiresAt } = await sealBeneficiary(beneficiary, binding, { secret, now: Date.now() });
    expect(await verifyBeneficiary(token, beneficiary, binding, { secret })).toEqual({ ok: true });
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(BENEFICIARY_TOKEN_TTL_SECONDS * 1000);
    // Sealed, not encoded: the account number cannot be read out of it.
    expect(token).not.toContain("0123456789");
  });

  it("refuses a tampered or forged token", async () => {
    const { token } = await sealBeneficiary(beneficiary, binding, { secret });
    const flipped = token.slice(0, 40) + (token[40] === "A" ? "B" : "A") + token.slice(41);
    expect(await verifyBeneficiary(flipped, beneficiary, binding, { secret })).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyBeneficiary("forged", beneficiary, binding, { secret })).toEqual({ ok: false, reason: "invalid" });
    const { token: otherKey } = await sealBeneficiary(beneficiary, binding, { secret: "another-secret-0123456789abcdef-01234" });
    expect(await verifyBeneficiary(otherKey, beneficiary, binding, { secret })).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses an expired token", async () => {
    const now = Date.now();
    const { token } = await sealBeneficiary(beneficiary, binding, { secret, now });
    const later = now + BENEFICIARY_TOKEN_TTL_SECONDS * 1000 + 1;
    expect(await verifyBeneficiary(token, beneficiary, binding, { secret, now: later })).toEqual({ ok: false, reason: "expired" });
  });

  it.each([
    ["accountNumber", { ...beneficiary, accountNumber: "0123456780" }, binding],
    ["accountName", { ...beneficiary, accountName: "SOMEONE ELSE" }, binding],
    ["bankCode", { ...beneficiary, bankCode: "057" }, binding],
    ["bankName", { ...beneficiary, bankName: "Zenith Bank" }, binding],
    ["environment", beneficiary, { ...binding, environment: "test" as const }],
    ["staff member", beneficiary, { ...binding, subject: "admin@demo.test" }],
  ])("refuses a different %s", async (_field, claimed, claimedBinding) => {
    const { token } = await sealBeneficiary(beneficiary, binding, { secret });
    expect(await verifyBeneficiary(token, claimed, claimedBinding, { secret })).toEqual({ ok: false, reason: "mismatch" });
  });
});

describe("idempotency keys", () => {
  it("derive from environment and reference, stable and header-safe", () => {
    const key = idempotencyKey("live", "ngn-payout", "NGN-20261122-ABC");
    expect(key).toBe(idempotencyKey("live", "ngn-payout", "NGN-20261122-ABC"));
    expect(key).toMatch(/^ngn-payout:live:[0-9a-f]{64}$/);
    expect(key).not.toBe(idempotencyKey("test", "ngn-payout", "NGN-20261122-ABC"));
    expect(key).not.toBe(idempotencyKey("live", "ngn-payout", "NGN-20261122-ABD"));
    // Provisioning follows the same rule: its reference, namespaced by rail and environment.
    expect(idempotencyKey("live", "ngn-va", "VA-20261122-ABC")).toMatch(/^ngn-va:live:[0-9a-f]{64}$/);
  });
});

describe("payout ledger", () => {
  const ctx = { mode: "live", actor: { id: "fin@demo.test", email: "fin@demo.test", role: "finance" }, requestId: "req-1" } as WriteContext;
  const submission = (merchantReference: string) => ({
    amount: "1500.00",
    merchantReference,
    beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" },
    beneficiaryToken: "checked-elsewhere",
  });
  const created = (transactionId: string) => ({ transactionId, status: "pending" }) as NigeriaPayoutCreated;
  /** The NGN rail with its token check and upstream call replaced: what the ledger sees is the point here. */
  const rail = (send: () => Promise<NigeriaPayoutCreated>) => ({
    ...ngnPayoutWrite,
    prepare: ({ beneficiaryToken: _token, ...body }: ReturnType<typeof submission>) => body,
    send,
  });

  it("joins an identical submission in flight onto one call and remembers the id", async () => {
    const ledger = new MemoryWriteLedger();
    let calls = 0;
    let release: (value: NigeriaPayoutCreated) => void = () => {};
    const send = () => {
      calls += 1;
      return new Promise<NigeriaPayoutCreated>((resolve) => (release = resolve));
    };
    const first = runMoneyWrite({ ledger, hooks: NO_HOOKS }, rail(send), submission("k"), ctx);
    const second = runMoneyWrite({ ledger, hooks: NO_HOOKS }, rail(send), submission("k"), ctx);
    await expect.poll(async () => (await ledger.find("live", "ngn-payout", "k"))?.state).toBe("sent");
    release(created("tx_1"));
    expect(await first).toMatchObject({ transactionId: "tx_1" });
    expect(await second).toMatchObject({ transactionId: "tx_1" });
    expect(calls).toBe(1);
    expect(await ledger.find("live", "ngn-payout", "k")).toMatchObject({ state: "answered", transactionId: "tx_1" });
  });

  it("records a 4xx as failed and a lost answer as unknown", async () => {
    const ledger = new MemoryWriteLedger();
    const refused = new PaymentsApiError("no", { status: 400, code: "insufficient_balance", retryable: false });
    await expect(
      runMoneyWrite(
        { ledger, hooks: NO_HOOKS },
        rail(() => Promise.reject(refused)),
        submission("a"),
        ctx,
      ),
    ).rejects.toBe(refused);
    expect(await ledger.find("live", "ngn-payout", "a")).toMatchObject({ state: "failed", code: "insufficient_balance" });
    const lost = new PaymentsApiError("timeout", { status: 0, code: "upstream", retryable: true });
    await expect(
      runMoneyWrite(
        { ledger, hooks: NO_HOOKS },
        rail(() => Promise.reject(lost)),
        submission("b"),
        ctx,
      ),
    ).rejects.toBe(lost);
    expect((await ledger.find("live", "ngn-payout", "b"))?.state).toBe("unknown");
  });
});

describe("DTOs", () => {
  it("never shows account details before ready", () => {
    expect(toVirtualAccountDto(null)).toEqual({ state: "none" });
    const provisioning = toVirtualAccountDto({ ready: false, id: "va_1", firstName: "Ada" } as never);
    expect(provisioning.state).toBe("provisioning");
    expect(provisioning).not.toHaveProperty("accountNumber");
  });

  it("carries the fee and the total debit where the answer has them (not in §2.4), null otherwise", () => {
    const poll = {
      transactionId: "tx_1",
      reference: "NGNP-1",
      status: "success" as const,
      withdrawalStatus: "completed",
      settled: true,
      amount: "1500.00",
      currency: "NGN",
      environment: "live",
      beneficiary: beneficiary,
    };
    expect(toPayoutDto({ ...poll, fee: "10.00", totalWalletDebit: "1510.00" })).toMatchObject({ fee: "10.00", totalDebit: "1510.00" });
    expect(toPayoutDto(poll)).toMatchObject({ fee: null, totalDebit: null });
  });

  it("masks the beneficiary account number", () => {
    const dto = toPayoutDto({
      transactionId: "tx_1",
      reference: "NGNP-1",
      status: "pending",
      withdrawalStatus: "queued",
      settled: false,
      amount: "1500.00",
      currency: "NGN",
      environment: "live",
      beneficiary: beneficiary,
    });
    expect(dto.beneficiary.accountNumberMasked).toBe("••••••6789");
    expect(JSON.stringify(dto)).not.toContain("0123456789");
  });
});
