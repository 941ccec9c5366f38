// One config per payout region for the shared form scaffold.
import type { WriteFormConfig } from "@/components/money-movement/reviewed-write-form";
import { apiFetch } from "@/lib/api-fetch";
import type { BodyOf } from "@/lib/contracts/contract";
import { payoutCreateContracts, payoutKeys, type PayoutCreateContract } from "@/lib/contracts/region-payouts";
import type { FieldSpec } from "@/lib/regions/form";
import { PAYOUT_DEBIT_POCKET, type PayoutRegion } from "@/lib/regions/regions";
import { MARKET_INFO, pocketLabel } from "@/lib/rails";
import { lookupRegionPayout } from "./payouts-queries";

const reference: FieldSpec = {
  name: "merchantReference",
  label: "Merchant reference",
  hint: "Your own id for this payout. The same reference never pays twice.",
};

const FIELDS: Record<PayoutRegion, FieldSpec[]> = {
  bangladesh: [
    { name: "amount", label: "Amount (BDT)", decimal: true, currency: "BDT", hint: "No minimum or maximum. Debits the BDT pocket." },
    { name: "paymentMethodCode", label: "Wallet", kind: "select", options: ["BKASH", "NAGAD", "UPAY"] },
    reference,
    { name: "beneficiary.name", label: "Beneficiary name" },
    { name: "beneficiary.walletNumber", label: "Beneficiary wallet number", kind: "tel" },
  ],
  brazil: [
    { name: "amount", label: "Amount (BRL)", decimal: true, currency: "BRL", hint: "No minimum or maximum. Debits the BRL pocket." },
    reference,
    { name: "pixKeyType", label: "PIX key type", kind: "select", options: ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] },
    {
      name: "pixKey",
      label: "PIX key",
      hint: "As the key type says: CPF 11 digits, CNPJ 14, an email address, +55 and the phone number, or a random key.",
    },
    { name: "beneficiary.name", label: "Beneficiary name" },
    { name: "beneficiary.taxId", label: "Beneficiary CPF/CNPJ", optional: true },
  ],
  europe: [
    {
      name: "amount",
      label: "Amount (EUR)",
      decimal: true,
      currency: "EUR",
      hint: "Sent in EUR; the USDC pocket is debited at the payout's rate. Some payouts need an explicit approval.",
    },
    reference,
    { name: "beneficiary.name", label: "Beneficiary name" },
    { name: "beneficiary.iban", label: "Beneficiary IBAN", hint: "As printed, spaces are fine: DE89 3704 0044 0532 0130 00." },
    { name: "beneficiary.bic", label: "Beneficiary BIC", optional: true, hint: "8 or 11 letters and digits." },
    { name: "description", label: "Description", optional: true },
  ],
};

export function payoutFormConfig(region: PayoutRegion): WriteFormConfig {
  const pocket = pocketLabel(PAYOUT_DEBIT_POCKET[region]);
  const funds =
    region === "europe"
      ? "The USDC pocket does not hold enough for this payout. Only USDC funds Europe payouts: PYUSD USDC cannot. Nothing was paid."
      : `The ${pocket} pocket does not hold enough for this payout. Nothing was paid.`;
  return {
    id: `payout-${region}`,
    market: region,
    // The form checked `body` with this region's schema before review; the BFF checks the whole submission again.
    send: (submission) => apiFetch(payoutCreateContracts[region], { body: submission as BodyOf<PayoutCreateContract<PayoutRegion>> }),
    noun: "payout",
    reference: { field: "merchantReference", envelope: false },
    lookup: (reference) => lookupRegionPayout(region, reference),
    lookupKey: (mode, reference) => payoutKeys.lookup(mode, region, reference),
    fields: FIELDS[region],
    // Loaded when the operator first moves into the form: the schemas and zod are not in the page's JS.
    loadBodySchema: () => import("@/lib/requests/region-submissions").then((m) => m.PAYOUT_BODIES[region]),
    submitLabel: "Review payout",
    review: {
      title: `Send a ${MARKET_INFO[region].label} payout`,
      description: "This is exactly what will be sent. Nothing is sent until you confirm.",
      confirmLabel: "Send payout",
      // Europe's USDC debit is known only from the create answer: its page shows it before the approve step.
      debits:
        region === "europe"
          ? "Debits the USDC pocket when approved: the USDC amount is shown once the payout is created, before you approve."
          : `Debits the ${pocket} pocket.`,
    },
    statusHref: (id) => `/payouts/${region}/${encodeURIComponent(id)}`,
    statusQueryKey: (mode, id) => payoutKeys.one(mode, region, id),
    messages: { funds },
  };
}
