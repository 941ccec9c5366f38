"use client";

import { formText } from "@/lib/form-data";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import {
  fieldErrorPlacement,
  fieldErrorsOf,
  isFinalRefusal,
  SPENT_REFERENCE,
  writeErrorKind,
} from "@/components/money-movement/write-error";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { maskBvn, maskDateOfBirth } from "@/lib/mask";
import { fieldErrorsFromIssues } from "@/lib/contracts/errors";
import { VIRTUAL_ACCOUNT_FIELDS } from "@/features/nigeria/virtual-account-fields";
import type { NigeriaVirtualAccountRequest } from "@/lib/requests";
import { loadOrSay, loadRequestSchemas } from "@/lib/requests/load";
import { useProvisionAccount } from "./use-provision-account";

/** What this tab sent, masked: the names to compare with the account's own (ProvisioningState), never the BVN or date of birth in full. */
export type SubmittedSummary = { firstName: string; lastName: string; bvnMasked: string; dateOfBirthMasked: string };

const LABELS: Record<
  (typeof VIRTUAL_ACCOUNT_FIELDS)[number],
  { label: string; type: string; hint?: string; autoComplete: string; inputMode?: "numeric" | "tel" | "email" }
> = {
  bvn: { label: "BVN", type: "text", hint: "Bank Verification Number, 11 digits.", autoComplete: "off", inputMode: "numeric" },
  firstName: { label: "First name", type: "text", autoComplete: "off" },
  lastName: { label: "Last name", type: "text", autoComplete: "off" },
  phoneNumber: { label: "Phone number", type: "tel", hint: "10 to 15 digits, e.g. +2348012345678.", autoComplete: "off", inputMode: "tel" },
  // A text box, not a date picker: a picker shows the browser's own order (DD/MM/YYYY here, MM/DD/YYYY
  // there), so typing as the hint says gave 0517-12-09. What is typed is what is sent.
  dateOfBirth: { label: "Date of birth", type: "text", hint: "YYYY-MM-DD, e.g. 1990-05-17.", autoComplete: "off" },
  customerEmail: { label: "Email", type: "email", autoComplete: "off", inputMode: "email" },
};

/**
 * §2.4 provision form. Validated with the schema the BFF uses; the values live
 * only in the inputs (uncontrolled) and are cleared once sent, so the BVN and
 * date of birth never reach state, storage or logs.
 */
export function ProvisionForm({ onProvisioned }: { onProvisioned: (summary: SubmittedSummary) => void }) {
  const { provision, reference, submitting, error, startAgain } = useProvisionAccount();
  const [fields, setFields] = useState<Record<string, string[]>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const raw = Object.fromEntries(VIRTUAL_ACCOUNT_FIELDS.map((name) => [name, formText(data, name)]));
    // Said at the first field: the form has no other place for a message before it is sent.
    const schemas = await loadOrSay(loadRequestSchemas, (message) => setFields({ [VIRTUAL_ACCOUNT_FIELDS[0]]: [message] }));
    if (!schemas) return;
    const { nigeriaVirtualAccountRequestSchema } = schemas;
    const parsed = nigeriaVirtualAccountRequestSchema.safeParse(raw);
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error));
      return;
    }
    setFields({});
    const values: NigeriaVirtualAccountRequest = parsed.data;
    try {
      if (await provision(values)) {
        onProvisioned({
          firstName: values.firstName,
          lastName: values.lastName,
          bvnMasked: maskBvn(values.bvn),
          dateOfBirthMasked: maskDateOfBirth(),
        });
        form.reset();
      }
    } catch (caught) {
      setFields(fieldErrorsOf(caught));
    }
  }

  const kind = error ? writeErrorKind(error) : null;
  const spent = kind !== null && isFinalRefusal(kind);
  // A refusal said at none of the six fields is said here, or nothing on the page would change.
  const placement = kind === "fields" ? fieldErrorPlacement(fields, VIRTUAL_ACCOUNT_FIELDS) : null;
  return (
    <Card aria-labelledby="va-provision-heading">
      <CardTitle id="va-provision-heading">Provision the virtual account</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        The merchant has no NGN virtual account yet. It is provisioned once and is permanent. The BVN and date of birth are sent to the bank
        and are not kept by the dashboard.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        // The schema loads once the operator is in the form (lib/requests/load.ts).
        onFocus={() => void loadRequestSchemas()}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-label="Provision the virtual account"
      >
        {VIRTUAL_ACCOUNT_FIELDS.map((name) => {
          const field = LABELS[name];
          return (
            <FormField
              key={name}
              id={`va-${name}`}
              name={name}
              label={field.label}
              type={field.type}
              hint={field.hint}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              errors={fields[name]}
              required
            />
          );
        })}
        <div className="sm:col-span-2">
          {error && !placement?.placed ? (
            <ErrorState
              title={
                placement
                  ? ["The details were refused; nothing was provisioned.", ...placement.messages].join(" ")
                  : kind === "unknown_outcome"
                    ? "No answer came back. Check again: it sends the same request with the same reference, so nothing is provisioned twice."
                    : spent
                      ? `Provisioning was refused. ${SPENT_REFERENCE}`
                      : "Provisioning failed."
              }
              error={error}
            />
          ) : null}
          {/* The reference is made once the form has mounted (it lives in the tab's storage); its line is
              held, hidden, until then, so the button below does not move down when it appears. */}
          <p className={`text-xs text-slate-700 ${reference ? "" : "invisible"}`}>
            Reference <span className="font-mono">{reference ?? "…"}</span>
          </p>
          {spent ? (
            <Button type="button" variant="secondary" className="mt-2" onClick={startAgain}>
              Start again
            </Button>
          ) : (
            <Button type="submit" className="mt-2" disabled={submitting}>
              {submitting ? "Provisioning…" : kind === "unknown_outcome" ? "Check again" : "Provision account"}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
