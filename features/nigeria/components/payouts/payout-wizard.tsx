"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { ReviewDialog } from "@/components/money-movement/review-dialog";
import { ReviewError } from "@/components/money-movement/review-error";
import { Stepper } from "@/components/money-movement/stepper";
import { SubmissionRecovery } from "@/components/money-movement/submission-recovery";
import { useReviewedSubmit } from "@/components/money-movement/use-reviewed-submit";
import { fieldErrorsOf, isFinalRefusal, writeErrorKind, type WriteErrorKind } from "@/components/money-movement/write-error";
import { useSession } from "@/components/session/use-session";
import { preloadDialog } from "@/components/ui/dialog";
import { loadRequestSchemas } from "@/lib/requests/load";
import { apiFetch } from "@/lib/api-fetch";
import { nigeriaKeys } from "@/features/nigeria/contracts/keys";
import { nigeriaCreatePayoutContract, type NigeriaPayoutDto } from "@/lib/contracts/ngn-payouts";
import type { PayoutSubmission } from "@/lib/requests/ngn-submissions";
import { payoutSubmissionOf, WIZARD_STEPS, type WizardStep } from "@/features/nigeria/wizard";
import { REFERENCE_PREFIX } from "@/lib/references";
import { lookupPayout } from "../nigeria-queries";
import { AccountStep } from "./account-step";
import { BankStep } from "./bank-step";
import { DetailsStep } from "./details-step";
import { PAYOUT_MESSAGES } from "./payout-messages";
import { reviewRowsOf } from "./review-rows";
import { usePayoutWizard } from "./use-payout-wizard";
import { useStepHistory } from "./use-step-history";

const STEP_LABELS: Record<WizardStep, string> = { bank: "Bank", account: "Account", details: "Amount and details", review: "Review" };

type ReviewFailure = { kind: WriteErrorKind; message: string; error: unknown };

const statusHref = (transactionId: string) => `/nigeria/payouts/${encodeURIComponent(transactionId)}`;
const referenceOf = (body: PayoutSubmission) => body.merchantReference;
const resultIdOf = (payout: NigeriaPayoutDto) => payout.transactionId;
// The BFF derives the Idempotency-Key from merchantReference, so sending the same body again is always safe.
const send = (body: PayoutSubmission) => apiFetch(nigeriaCreatePayoutContract, { body });

/** Bank → account (name enquiry, confirmed) → amount and details → review → submit → status page. */
export function PayoutWizard() {
  const router = useRouter();
  const { mode } = useSession();
  const payout = useReviewedSubmit({
    memoryKey: `ngn-payout:${mode}`,
    prefix: REFERENCE_PREFIX.nigeria,
    referenceOf,
    resultIdOf,
    send,
    invalidates: nigeriaKeys.payouts(mode),
  });
  const { state, dispatch } = usePayoutWizard(payout.reference);
  const [accountNotice, setAccountNotice] = useState<string | null>(null);
  const [amountNotice, setAmountNotice] = useState<string | null>(null);
  const [reviewFailure, setReviewFailure] = useState<ReviewFailure | null>(null);
  const body = payoutSubmissionOf(state);
  const { startAgain } = payout;
  // Something a person typed or chose (the reference is filled in for them); none once sent.
  const typed =
    !payout.submitting && (state.bank !== null || state.accountNumber !== "" || state.amount !== "" || state.description !== "");
  useStepHistory(state.step, dispatch, typed);

  const openStatus = useCallback(
    (transactionId: string) => {
      startAgain(); // the status page takes over from here; the next payout gets a new reference
      router.push(statusHref(transactionId));
    },
    [startAgain, router],
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
      startAgain(); // the API would replay this refusal for the old reference
      dispatch({ type: "goTo", step: "details" });
      return;
    }
    setReviewFailure({ kind, message: PAYOUT_MESSAGES[kind].message, error });
  }

  // A write remembered from before a refresh (or left unanswered), while nothing else is going on.
  const earlier = !payout.submitting && !reviewFailure ? payout.sent : null;
  return (
    // The request schemas and the review dialog's code load once the operator is in the wizard.
    <div
      className="space-y-6"
      onFocus={() => {
        void loadRequestSchemas();
        preloadDialog();
      }}
    >
      {earlier ? (
        <SubmissionRecovery
          noun="payout"
          sent={earlier}
          queryKey={nigeriaKeys.lookup(mode, earlier.reference)}
          lookup={() => lookupPayout(earlier.reference)}
          statusHref={statusHref}
          onFound={payout.found}
          onDismiss={startAgain}
          testId="payout-recovery"
        />
      ) : null}
      <Stepper steps={WIZARD_STEPS} current={state.step} labels={STEP_LABELS} />
      {state.step === "bank" ? (
        <BankStep
          selected={state.bank}
          onSelect={(bank) => dispatch({ type: "selectBank", bank })}
          onContinue={() => dispatch({ type: "goTo", step: "account" })}
        />
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
          onFreshReference={startAgain}
          earlier={payout.unsettledBesides(state.merchantReference.trim())}
          referenceHeld={payout.sent !== null && payout.sent.resultId === undefined}
          onReview={() => {
            setReviewFailure(null);
            dispatch({ type: "goTo", step: "review" });
          }}
          onBack={() => dispatch({ type: "goTo", step: "account" })}
        />
      ) : null}
      {body ? (
        <ReviewDialog
          open={state.step === "review"}
          onOpenChange={(open) => {
            if (open) return;
            // The failure's place is the dialog; once it is closed, a write left open shows in the recovery box.
            setReviewFailure(null);
            dispatch({ type: "goTo", step: "details" });
          }}
          title="Review the payout"
          description="This is exactly what will be sent."
          debits="Debits the NGN pocket when the payout is accepted."
          rows={reviewRowsOf(body)}
          confirmLabel={reviewFailure?.kind === "unknown_outcome" ? "Check again" : "Send payout"}
          canConfirm={!(reviewFailure && isFinalRefusal(reviewFailure.kind))}
          submitting={payout.submitting}
          onConfirm={() => void confirm()}
        >
          {reviewFailure ? (
            <ReviewError
              {...reviewFailure}
              lookup={() => lookupPayout(body.merchantReference)}
              onStartAgain={() => {
                setReviewFailure(null);
                startAgain();
              }}
              onFound={openStatus}
            />
          ) : null}
        </ReviewDialog>
      ) : null}
    </div>
  );
}
