// Nigeria's words for each failure, placed at the step where the operator can act on it.
import type { WriteErrorKind } from "@/components/money-movement/write-error";
import type { WizardStep } from "@/features/nigeria/wizard";

type Placement = { step: WizardStep | "review"; message: string };

export const NAME_ENQUIRY_FAILED =
  "The bank could not resolve this account. Check the bank and the 10-digit account number; payouts can only go to an account whose name the bank confirms.";

export const PAYOUT_MESSAGES: Record<Exclude<WriteErrorKind, "fields">, Placement> = {
  funds: {
    step: "details",
    message:
      "The NGN pocket cannot fund this payout: it does not hold enough available balance, or it does not exist. Only the NGN pocket can fund Nigeria payouts; other currencies cannot be used. The old reference is now spent: a new one has been filled in for the next attempt.",
  },
  spent: {
    step: "review",
    message: "The payments service already refused a payout with this reference, or the reference belongs to another payout.",
  },
  unavailable: {
    step: "review",
    message:
      "Nigeria payouts are unavailable right now. This is not a problem with your request, and it was not retried automatically. Try again later: the same reference is kept, so a later attempt cannot create a second payout.",
  },
  market_not_enabled: {
    step: "review",
    message: "The Nigeria market is not enabled for this merchant: it needs approval and KYC verification.",
  },
  forbidden: { step: "review", message: "Your role may not create payouts." },
  mode_changed: {
    step: "review",
    message: "Nothing was sent: your session was switched to the other mode in another tab or window.",
  },
  held: { step: "review", message: "Waiting for approval: nothing was sent yet." },
  not_sent: {
    step: "review",
    message: "Nothing was sent: the code from your authenticator app was not given. Send again to be asked for it.",
  },
  unknown_outcome: {
    step: "review",
    message:
      "No answer came back, so the payout may or may not have been created. Check whether it exists, or check again, which sends it with the same reference: it cannot be created twice.",
  },
};
