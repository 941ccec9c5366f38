"use client";

import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { isApiFetchError } from "@/lib/api-fetch";
import type { BankDto } from "@/features/nigeria/contracts/banks";
import type { VerifiedBeneficiaryDto } from "@/features/nigeria/contracts/verify-account";
import { loadOrSay, loadRequestSchemas } from "@/lib/requests/load";
import { NAME_ENQUIRY_FAILED } from "./payout-messages";
import { useNameEnquiry } from "./use-name-enquiry";
import { submitOnEnter } from "./submit-on-enter";

type AccountStepProps = {
  bank: BankDto;
  accountNumber: string;
  beneficiary: VerifiedBeneficiaryDto | null;
  nameConfirmed: boolean;
  /** Shown when the BFF refused the beneficiary token later on (expired, mismatched). */
  notice: string | null;
  onAccountNumber: (value: string) => void;
  onResolved: (beneficiary: VerifiedBeneficiaryDto) => void;
  onConfirm: (confirmed: boolean) => void;
  onChangeBank: () => void;
  onContinue: () => void;
};

/** Step 2: NUBAN, name enquiry, and the operator's confirmation of the resolved name. */
export function AccountStep(props: AccountStepProps) {
  const { bank, accountNumber, beneficiary, nameConfirmed, notice } = props;
  const enquiry = useNameEnquiry();
  const [formatError, setFormatError] = useState<string | null>(null);

  async function lookUp() {
    const schemas = await loadOrSay(loadRequestSchemas, setFormatError);
    if (!schemas) return;
    const { nubanSchema } = schemas;
    const parsed = nubanSchema.safeParse(accountNumber);
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? "Invalid account number");
      return;
    }
    setFormatError(null);
    enquiry.mutate({ bankCode: bank.bankCode, accountNumber: parsed.data }, { onSuccess: props.onResolved });
  }

  const enquiryError = enquiry.error
    ? isApiFetchError(enquiry.error) && enquiry.error.code === "upstream_rejected"
      ? NAME_ENQUIRY_FAILED
      : `The name enquiry did not complete: ${enquiry.error.message}`
    : null;
  const errors = [formatError, enquiryError].filter((value): value is string => value !== null);

  return (
    // Enter looks the name up, or continues once it is confirmed.
    <form
      aria-labelledby="account-step-heading"
      className="space-y-3"
      onKeyDown={submitOnEnter}
      onSubmit={(event) => {
        event.preventDefault();
        if (beneficiary && nameConfirmed) props.onContinue();
        else if (!beneficiary && !enquiry.isPending) void lookUp();
      }}
    >
      <h2 id="account-step-heading" className="text-lg font-semibold text-slate-900">
        Account
      </h2>
      <p className="text-sm text-slate-700">
        Bank: <strong>{bank.bankName}</strong>{" "}
        <Button variant="ghost" onClick={props.onChangeBank}>
          Change bank
        </Button>
      </p>
      {notice ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          {notice}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <FormField
          id="account-number"
          label="Account number (NUBAN)"
          hint="10 digits."
          inputMode="numeric"
          autoComplete="off"
          // No maxLength: a pasted 13-digit number must be refused as such, not cut to 10 that name someone else.
          value={accountNumber}
          onChange={(event) => {
            enquiry.reset();
            props.onAccountNumber(event.target.value.replace(/\s/g, ""));
          }}
          errors={errors}
          className="w-64"
        />
        <Button variant="secondary" onClick={() => void lookUp()} disabled={enquiry.isPending}>
          {enquiry.isPending ? "Looking up…" : "Look up account name"}
        </Button>
      </div>
      {beneficiary ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="resolved-name">
          <p className="text-sm text-slate-700">The bank says this account belongs to</p>
          <p className="text-xl font-semibold text-slate-900">{beneficiary.accountName}</p>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" checked={nameConfirmed} onChange={(event) => props.onConfirm(event.target.checked)} />
            This is the person or business I mean to pay
          </label>
        </div>
      ) : null}
      <Button type="submit" disabled={!beneficiary || !nameConfirmed}>
        Continue
      </Button>
    </form>
  );
}
