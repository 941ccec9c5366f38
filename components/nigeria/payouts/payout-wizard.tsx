"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { ReviewDialog } from "@/components/money-movement/review-dialog";
import { Stepper } from "@/components/money-movement/stepper";
import { fieldErrorsOf, writeErrorKind, type WriteErrorKind } from "@/components/money-movement/write-error";
import { payoutSubmissionOf, WIZARD_STEPS, type WizardStep } from "@/lib/nigeria/wizard";
import { AccountStep } from "./account-step";
import { BankStep } from "./bank-step";
import { DetailsStep } from "./details-step";
import { PAYOUT_MESSAGES } from "./payout-messages";
import { ReviewError } from "./review-error";
import { reviewRowsOf } from "./review-rows";
import { SubmissionRecovery } from "./submission-recovery";
import { usePayoutWizard } from "./use-payout-wizard";
import { useSubmitPayout } from "./use-submit-payout";

const STEP_LABELS: Record<WizardStep, string> = { bank: "Bank", account: "Account", details: "Amount and details", review: "Review" };

type ReviewFailure = { kind: WriteErrorKind; message: string; error: unknown };

/** Bank → account (name enquiry, confirmed) → amount and details → review → submit → status page. */
export function PayoutWizard() {
  const router = useRouter();
  const { state, dispatch, freshReference } = usePayoutWizard();
  const payout = useSubmitPayout();
  const [accountNotice, setAccountNotice] = useState<string | null>(null);
  const [amountNotice, setAmountNotice] = useState<string | null>(null);
  const [reviewFailure, setReviewFailure] = useState<ReviewFailure | null>(null);
  const body = payoutSubmissionOf(state);
  const { remember } = payout;

  const openStatus = useCallback(
    (transactionId: string) => {
      remember(null); // the status page takes over from here
      router.push(`/nigeria/payouts/${encodeURIComponent(transactionId)}`);
    },
    [remember, router],
  );

  async function confirm() {
    if (!body) return;
    setReviewFailure(null);
    try {
      const created = await payout.submit(body);
      if (created) openStatus(created.transactionId);
    } catch (error) {
      placeError(error);
    }
  }

  /** Each failure goes to the step where the operator can fix it. */
  function placeError(error: unknown) {
    const kind = writeErrorKind(error);
    if (kind === "fields") {
      const fields = fieldErrorsOf(error);
      if (fields.beneficiaryToken) {
        setAccountNotice(fields.beneficiaryToken.join(" "));
        dispatch({ type: "discardBeneficiary" });
      } else if (fields.amount) {
        setAmountNotice(fields.amount.join(" "));
        dispatch({ type: "goTo", step: "details" });
      } else {
        const detail = Object.entries(fields).map(([field, messages]) => `${field}: ${messages.join(" ")}`);
        setReviewFailure({ kind, message: [error instanceof Error ? error.message : "Invalid request.", ...detail].join(" "), error });
      }
      return;
    }
    if (kind === "funds") {
      setAmountNotice(PAYOUT_MESSAGES.funds.message);
      freshReference(); // the API would replay this refusal for the old reference
      dispatch({ type: "goTo", step: "details" });
      return;
    }
    setReviewFailure({ kind, message: PAYOUT_MESSAGES[kind].message, error });
  }

  // A write remembered from before a refresh (or left unanswered), while nothing else is going on.
  const earlier = !payout.submitting && !reviewFailure ? payout.remembered : null;
  return (
    <div className="space-y-6">
      {earlier ? (
        <SubmissionRecovery remembered={earlier} onFound={(transactionId) => remember({ ...earlier, resultId: transactionId })} onDismiss={() => remember(null)} />
      ) : null}
      <Stepper steps={WIZARD_STEPS} current={state.step} labels={STEP_LABELS} />
      {state.step === "bank" ? (
        <BankStep selected={state.bank} onSelect={(bank) => dispatch({ type: "selectBank", bank })} onContinue={() => dispatch({ type: "goTo", step: "account" })} />
      ) : null}
      {state.step === "account" && state.bank ? (
        <AccountStep
          bank={state.bank}
          accountNumber={state.accountNumber}
          beneficiary={state.beneficiary}
          nameConfirmed={state.nameConfirmed}
          notice={accountNotice}
          onAccountNumber={(accountNumber) => dispatch({ type: "setAccountNumber", accountNumber })}
          onResolved={(beneficiary) => {
            setAccountNotice(null);
            dispatch({ type: "resolved", beneficiary });
          }}
          onConfirm={(confirmed) => dispatch({ type: "confirmName", confirmed })}
          onChangeBank={() => dispatch({ type: "goTo", step: "bank" })}
          onContinue={() => dispatch({ type: "goTo", step: "details" })}
        />
      ) : null}
      {state.step === "details" || state.step === "review" ? (
        <DetailsStep
          state={state}
          amountNotice={amountNotice}
          onChange={(details) => {
            setAmountNotice(null);
            dispatch({ type: "setDetails", ...details });
          }}
          onFreshReference={freshReference}
          onReview={() => {
            setReviewFailure(null);
            dispatch({ type: "goTo", step: "review" });
          }}
        />
      ) : null}
      {body ? (
        <ReviewDialog
          open={state.step === "review"}
          onOpenChange={(open) => (open ? undefined : dispatch({ type: "goTo", step: "details" }))}
          title="Review the payout"
          description="This is exactly what will be sent. The NGN pocket is debited when the payout is accepted."
          rows={reviewRowsOf(body)}
          confirmLabel="Send payout"
          submitting={payout.submitting}
          onConfirm={() => void confirm()}
        >
          {reviewFailure ? (
            <ReviewError
              {...reviewFailure}
              reference={body.merchantReference}
              onFreshReference={() => {
                setReviewFailure(null);
                freshReference();
              }}
              onFound={openStatus}
            />
          ) : null}
        </ReviewDialog>
      ) : null}
    </div>
  );
}
