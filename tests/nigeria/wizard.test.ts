import { describe, expect, it } from "vitest";
import type { VerifiedBeneficiaryDto } from "@/features/nigeria/contracts/verify-account";
import {
  canEnter,
  initialWizardState,
  payoutSubmissionOf,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from "@/features/nigeria/wizard";

const gtb = { bankCode: "058", bankName: "Guaranty Trust Bank" };
const zenith = { bankCode: "057", bankName: "Zenith Bank" };
const resolved: VerifiedBeneficiaryDto = {
  ...gtb,
  accountNumber: "0123456789",
  accountName: "ADA OBI",
  token: "t",
  expiresAt: "2026-01-01T00:00:00Z",
};

const run = (actions: WizardAction[], state: WizardState = initialWizardState("REF-1")) => actions.reduce(wizardReducer, state);

const toDetails: WizardAction[] = [
  { type: "selectBank", bank: gtb },
  { type: "goTo", step: "account" },
  { type: "setAccountNumber", accountNumber: "0123456789" },
  { type: "resolved", beneficiary: resolved },
  { type: "confirmName", confirmed: true },
  { type: "goTo", step: "details" },
];

describe("payout wizard step order", () => {
  it("starts at the bank step and cannot skip ahead", () => {
    const state = run([
      { type: "goTo", step: "details" },
      { type: "goTo", step: "review" },
      { type: "goTo", step: "account" },
    ]);
    expect(state.step).toBe("bank");
  });

  it("reaches details only after the operator confirms the resolved name", () => {
    const unconfirmed = run(toDetails.filter((a) => a.type !== "confirmName"));
    expect(unconfirmed.step).toBe("account");
    expect(canEnter(unconfirmed, "details")).toBe(false);
    expect(run(toDetails).step).toBe("details");
  });

  it("reaches review only with an amount and a reference", () => {
    const details = run(toDetails);
    expect(run([{ type: "goTo", step: "review" }], details).step).toBe("details");
    const filled = run(
      [
        { type: "setDetails", amount: "1500" },
        { type: "goTo", step: "review" },
      ],
      details,
    );
    expect(filled.step).toBe("review");
  });

  it("changing the bank discards the confirmed name and steps back", () => {
    const state = run([...toDetails, { type: "selectBank", bank: zenith }]);
    expect(state.beneficiary).toBeNull();
    expect(state.nameConfirmed).toBe(false);
    expect(state.step).toBe("account");
  });

  it("changing the account number discards the confirmed name", () => {
    const state = run([...toDetails, { type: "setAccountNumber", accountNumber: "0123456780" }]);
    expect(state.beneficiary).toBeNull();
    expect(state.step).toBe("account");
  });

  it("ignores a late name enquiry answer for another account", () => {
    const state = run([
      { type: "selectBank", bank: gtb },
      { type: "setAccountNumber", accountNumber: "1111111111" },
      { type: "resolved", beneficiary: resolved },
    ]);
    expect(state.beneficiary).toBeNull();
  });

  it("a confirmation without a resolved name does nothing", () => {
    const state = run([
      { type: "selectBank", bank: gtb },
      { type: "confirmName", confirmed: true },
    ]);
    expect(state.nameConfirmed).toBe(false);
  });

  it("builds the exact body from the resolved beneficiary, without an empty description", () => {
    const state = run([...toDetails, { type: "setDetails", amount: " 1500.50 ", description: "  " }, { type: "goTo", step: "review" }]);
    expect(payoutSubmissionOf(state)).toEqual({
      amount: "1500.50",
      merchantReference: "REF-1",
      beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" },
      beneficiaryToken: "t",
    });
    expect(payoutSubmissionOf(run(toDetails.slice(0, 3)))).toBeNull();
  });

  it("a fresh reference keeps the reviewed details; restart clears everything", () => {
    const reviewed = run([...toDetails, { type: "setDetails", amount: "1500" }, { type: "goTo", step: "review" }]);
    const fresh = wizardReducer(reviewed, { type: "freshReference", merchantReference: "REF-2" });
    expect(fresh.merchantReference).toBe("REF-2");
    expect(fresh.step).toBe("review");
    expect(wizardReducer(reviewed, { type: "restart", merchantReference: "REF-3" })).toEqual(initialWizardState("REF-3"));
  });

  it("a refused token sends the operator back to the account step", () => {
    const reviewed = run([...toDetails, { type: "setDetails", amount: "1500" }, { type: "goTo", step: "review" }]);
    const state = wizardReducer(reviewed, { type: "discardBeneficiary" });
    expect(state.step).toBe("account");
    expect(state.amount).toBe("1500");
  });
});
