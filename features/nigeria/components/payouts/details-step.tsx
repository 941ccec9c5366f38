"use client";

import { useState } from "react";
import type * as z from "zod/mini";
import { FormField } from "@/components/ui/form-field";
import { PocketAvailable } from "@/features/balances/pocket-available";
import { usePocketAvailable } from "@/features/balances/use-pocket-available";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import { exceedsAvailable } from "@/features/nigeria/amount";
import { NGN_PAYOUT_LIMITS } from "@/lib/requests/limits";
import { loadOrSay, loadRequestSchemas } from "@/lib/requests/load";
import type { WizardState } from "@/features/nigeria/wizard";
import { unsettledWriteMessage, type RememberedWrite } from "@/components/money-movement/use-reviewed-submit";
import { submitOnEnter } from "./submit-on-enter";

type DetailsStepProps = {
  state: WizardState;
  /** A funds error from the API, shown at the amount. */
  amountNotice: string | null;
  onChange: (details: { amount?: string; merchantReference?: string; description?: string }) => void;
  onFreshReference: () => void;
  /** A payout this tab sent whose outcome is open, under another reference than the one shown: no new one until it is settled. */
  earlier: RememberedWrite | null;
  /** A payout this tab sent is still open: "New reference" would forget it, so it waits until it is found or dismissed. */
  referenceHeld: boolean;
  onReview: () => void;
  /** To the account step, everything typed here kept. */
  onBack: () => void;
};

type Errors = Partial<Record<"amount" | "merchantReference" | "description", string[]>>;

function issuesOf(schema: z.ZodMiniType, value: unknown): string[] | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
}

/** Step 3: amount (decimal string, limits and the NGN balance checked here and again by the BFF), reference, description. */
export function DetailsStep({
  state,
  amountNotice,
  onChange,
  onFreshReference,
  earlier,
  referenceHeld,
  onReview,
  onBack,
}: DetailsStepProps) {
  const { available } = usePocketAvailable("NGN");
  const [errors, setErrors] = useState<Errors>({});

  async function review() {
    // Loaded when the operator came into the wizard (payout-wizard.tsx), so this is already at hand.
    const schemas = await loadOrSay(loadRequestSchemas, (message) => setErrors({ amount: [message] }));
    if (!schemas) return;
    const { merchantReferenceSchema, nigeriaPayoutAmountSchema, nigeriaPayoutDescriptionSchema } = schemas;
    const next: Errors = {
      amount: issuesOf(nigeriaPayoutAmountSchema, state.amount),
      merchantReference: earlier ? [unsettledWriteMessage("payout", earlier)] : issuesOf(merchantReferenceSchema, state.merchantReference),
      description: issuesOf(nigeriaPayoutDescriptionSchema, state.description || undefined),
    };
    if (!next.amount && available === null) next.amount = ["There is no NGN pocket: only the NGN pocket can fund Nigeria payouts."];
    else if (!next.amount && available && exceedsAvailable(state.amount, available)) {
      next.amount = [`The amount is above the NGN pocket's available balance (${formatMoney(available, "NGN")}).`];
    }
    setErrors(next);
    if (next.amount || next.merchantReference || next.description) return;
    // The amount as the schema leaves it ("500" for "0500"), so the review shows exactly what is sent.
    const amount = nigeriaPayoutAmountSchema.parse(state.amount);
    if (amount !== state.amount) onChange({ amount });
    onReview();
  }

  const amountErrors = [...(errors.amount ?? []), ...(amountNotice ? [amountNotice] : [])];
  return (
    <form
      aria-labelledby="details-step-heading"
      className="space-y-4"
      onKeyDown={submitOnEnter}
      onSubmit={(event) => {
        event.preventDefault();
        void review();
      }}
    >
      <h2 id="details-step-heading" className="text-lg font-semibold text-slate-900">
        Amount and details
      </h2>
      <PocketAvailable currency="NGN" testId="ngn-available">
        <p className="text-xs text-slate-700">Only the NGN pocket funds Nigeria payouts.</p>
      </PocketAvailable>
      <FormField
        id="payout-amount"
        label="Amount (NGN)"
        hint={`From ${formatMoney(NGN_PAYOUT_LIMITS.min, "NGN")} to ${formatMoney(NGN_PAYOUT_LIMITS.max, "NGN")}, at most 2 decimals.`}
        inputMode="decimal"
        autoComplete="off"
        value={state.amount}
        onChange={(event) => onChange({ amount: event.target.value })}
        errors={amountErrors.length ? amountErrors : undefined}
        className="max-w-xs"
      />
      <div className="flex flex-wrap items-end gap-2">
        <FormField
          id="payout-reference"
          label="Merchant reference"
          hint="Your own id for this payout. It also prevents duplicates: one reference, one payout."
          autoComplete="off"
          value={state.merchantReference}
          onChange={(event) => onChange({ merchantReference: event.target.value })}
          errors={errors.merchantReference}
          className="w-80"
        />
        <Button
          variant="ghost"
          onClick={onFreshReference}
          disabled={referenceHeld}
          title={referenceHeld ? "Settle the earlier payout in the box above first" : undefined}
        >
          New reference
        </Button>
      </div>
      <FormField
        id="payout-description"
        label="Description (optional)"
        hint="Narrative for the transfer, up to 140 characters."
        autoComplete="off"
        value={state.description}
        onChange={(event) => onChange({ description: event.target.value })}
        errors={errors.description}
        className="max-w-md"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Review payout</Button>
      </div>
    </form>
  );
}
