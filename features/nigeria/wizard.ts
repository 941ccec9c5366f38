// The payout wizard's step-order rules (OWASP ASVS 5.0, 2.3.1): steps run in
// order, a later step can never be reached without the earlier ones done, and
// changing the bank or the account number discards the confirmed name.
// Pure, so the rules are unit-tested without a browser.
import type { BankDto } from "@/features/nigeria/contracts/banks";
import type { VerifiedBeneficiaryDto } from "@/features/nigeria/contracts/verify-account";
import type { PayoutSubmission } from "@/lib/requests/ngn-submissions";

export const WIZARD_STEPS = ["bank", "account", "details", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export type WizardState = {
  step: WizardStep;
  bank: BankDto | null;
  accountNumber: string;
  /** Set only by the BFF's own name enquiry for exactly this bank and account number. */
  beneficiary: VerifiedBeneficiaryDto | null;
  nameConfirmed: boolean;
  amount: string;
  merchantReference: string;
  description: string;
};

export type WizardAction =
  | { type: "selectBank"; bank: BankDto }
  | { type: "setAccountNumber"; accountNumber: string }
  | { type: "resolved"; beneficiary: VerifiedBeneficiaryDto }
  | { type: "confirmName"; confirmed: boolean }
  | { type: "setDetails"; amount?: string; merchantReference?: string; description?: string }
  | { type: "goTo"; step: WizardStep }
  /** After a non-retryable error or a 409: the API may replay the first answer for the old reference. */
  | { type: "freshReference"; merchantReference: string }
  /** The beneficiary token expired or was refused: name enquiry again. */
  | { type: "discardBeneficiary" }
  | { type: "restart"; merchantReference: string };

export function initialWizardState(merchantReference: string): WizardState {
  return {
    step: "bank",
    bank: null,
    accountNumber: "",
    beneficiary: null,
    nameConfirmed: false,
    amount: "",
    merchantReference,
    description: "",
  };
}

/** The beneficiary still belongs to the bank and account number on screen. */
function beneficiaryMatches(state: WizardState): boolean {
  const { beneficiary, bank, accountNumber } = state;
  return beneficiary !== null && bank !== null && beneficiary.bankCode === bank.bankCode && beneficiary.accountNumber === accountNumber;
}

/**
 * Whether a step may be shown, given everything before it.
 * @internal
 */
export function canEnter(state: WizardState, step: WizardStep): boolean {
  switch (step) {
    case "bank":
      return true;
    case "account":
      return state.bank !== null;
    case "details":
      return canEnter(state, "account") && beneficiaryMatches(state) && state.nameConfirmed;
    case "review":
      return canEnter(state, "details") && state.amount.trim() !== "" && state.merchantReference.trim() !== "";
  }
}

const withoutBeneficiary = (state: WizardState): WizardState => ({ ...state, beneficiary: null, nameConfirmed: false });

/** Falls back to the last step still allowed, so a discarded name sends the operator back to it. */
function clampStep(state: WizardState): WizardState {
  const index = WIZARD_STEPS.indexOf(state.step);
  for (let i = index; i >= 0; i -= 1) {
    const step = WIZARD_STEPS[i] as WizardStep;
    if (canEnter(state, step)) return step === state.step ? state : { ...state, step };
  }
  return { ...state, step: "bank" };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "selectBank":
      if (state.bank?.bankCode === action.bank.bankCode) return state;
      return clampStep(withoutBeneficiary({ ...state, bank: action.bank }));
    case "setAccountNumber":
      if (state.accountNumber === action.accountNumber) return state;
      return clampStep(withoutBeneficiary({ ...state, accountNumber: action.accountNumber }));
    case "resolved":
      // A late answer for a bank or number the operator has since changed is ignored.
      if (action.beneficiary.bankCode !== state.bank?.bankCode || action.beneficiary.accountNumber !== state.accountNumber) return state;
      return { ...state, beneficiary: action.beneficiary, nameConfirmed: false };
    case "confirmName":
      return beneficiaryMatches(state) ? clampStep({ ...state, nameConfirmed: action.confirmed }) : state;
    case "setDetails":
      return clampStep({
        ...state,
        amount: action.amount ?? state.amount,
        merchantReference: action.merchantReference ?? state.merchantReference,
        description: action.description ?? state.description,
      });
    case "goTo":
      return canEnter(state, action.step) ? { ...state, step: action.step } : state;
    case "freshReference":
      return { ...state, merchantReference: action.merchantReference };
    case "discardBeneficiary":
      return clampStep(withoutBeneficiary({ ...state, step: state.step }));
    case "restart":
      return initialWizardState(action.merchantReference);
  }
}

/** The exact body the review dialog shows and the BFF forwards (plus the token), or null if not ready. */
export function payoutSubmissionOf(state: WizardState): PayoutSubmission | null {
  if (!canEnter(state, "review") || !state.beneficiary) return null;
  const description = state.description.trim();
  return {
    amount: state.amount.trim(),
    merchantReference: state.merchantReference.trim(),
    ...(description ? { description } : {}),
    beneficiary: {
      accountNumber: state.beneficiary.accountNumber,
      bankCode: state.beneficiary.bankCode,
      accountName: state.beneficiary.accountName,
      bankName: state.beneficiary.bankName,
    },
    beneficiaryToken: state.beneficiary.token,
  };
}
