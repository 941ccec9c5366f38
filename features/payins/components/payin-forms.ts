// One config per region for the shared form scaffold: which fields, which
// schema (the endpoint's own, lib/requests), where the reference lives.
import type { WriteFormConfig } from "@/components/money-movement/reviewed-write-form";
import { apiFetch } from "@/lib/api-fetch";
import type { BodyOf } from "@/lib/contracts/contract";
import { payinCreateContracts, payinKeys, type PayinCreateContract } from "@/lib/contracts/region-payins";
import { BANGLADESH_PAYIN_LIMITS, PIX_PAYIN_LIMITS } from "@/lib/requests/limits";
import type { FieldSpec } from "@/lib/regions/form";
import { requestPaymentTitle, type PayinRegion } from "@/lib/regions/regions";
import { MARKET_INFO } from "@/lib/rails";
import { rememberEnteredCustomer, type EnteredCustomer } from "./entered-customer";
import { lookupPayin } from "./payins-queries";

const customer = (optional = false): FieldSpec[] => [
  { name: "customer.name", label: "Customer name", optional, autoComplete: "off" },
  { name: "customer.email", label: "Customer email", kind: "email", optional },
];

const FIELDS: Record<PayinRegion, FieldSpec[]> = {
  bangladesh: [
    {
      name: "amount",
      label: "Amount (BDT)",
      decimal: true,
      currency: "BDT",
      hint: `${BANGLADESH_PAYIN_LIMITS.min} to 25,000 BDT per payment.`,
    },
    { name: "paymentMethodCode", label: "Wallet", kind: "select", options: ["BKASH", "NAGAD", "UPAY"] },
    { name: "returnUrl", label: "Return URL", kind: "url", hint: "The https:// page the customer comes back to after paying." },
    ...customer(),
    { name: "customer.phone", label: "Customer phone", kind: "tel" },
    { name: "customer.deviceId", label: "Customer device ID" },
    { name: "goodsInfo.name", label: "Goods description" },
    {
      name: "goodsInfo.id",
      label: "Goods ID",
      optional: true,
      hint: "Your own order id. Given, it is this request's reference; left empty, the dashboard makes one.",
    },
  ],
  brazil: [
    {
      name: "amount",
      label: "Amount (BRL)",
      decimal: true,
      currency: "BRL",
      hint: `${PIX_PAYIN_LIMITS.min} to 15,000.00 BRL per PIX payment.`,
    },
    { name: "paymentMethodCode", label: "Method", kind: "select", options: ["PIX"] },
    ...customer(),
    { name: "customer.taxId", label: "Customer CPF/CNPJ", optional: true },
  ],
  india: [
    {
      name: "amount",
      label: "Amount",
      decimal: true,
      currency: { field: "currencySymbol" },
      hint: "No minimum or maximum. INR allows 2 decimals, USDT 6.",
    },
    { name: "currencySymbol", label: "Amount is in", kind: "select", options: ["INR", "USDT"] },
    ...customer(true),
    {
      name: "customer.phone",
      label: "Customer phone",
      kind: "tel",
      optional: true,
      hint: "Customer details are optional: give all three or none.",
    },
  ],
  europe: [
    { name: "amount", label: "Amount", decimal: true, currency: { field: "currency" }, hint: "No minimum or maximum." },
    { name: "currency", label: "Currency", kind: "select", options: ["EUR", "GBP"] },
    ...customer(),
    { name: "returnUrl", label: "Return URL", kind: "url", optional: true },
  ],
  pyusd: [
    { name: "amount", label: "Amount (PYUSD)", decimal: true, currency: "PYUSD", hint: "No minimum or maximum. Up to 6 decimals." },
    { name: "merchantReference", label: "Merchant reference", hint: "Your own id for this payment. A new attempt gets a new one." },
    { name: "expiresInMinutes", label: "Expires in (minutes)", kind: "integer", defaultValue: "60", hint: "5 to 1440 minutes." },
  ],
};

const REFERENCE_PLACES: Record<PayinRegion, WriteFormConfig["reference"]> = {
  bangladesh: { field: "goodsInfo.id", envelope: true },
  brazil: { envelope: true },
  india: { envelope: true },
  europe: { envelope: true },
  pyusd: { field: "merchantReference", envelope: false },
};

const MESSAGES: Partial<Record<PayinRegion, WriteFormConfig["messages"]>> = {
  pyusd: { unavailable: "PYUSD is unavailable right now (it has no test environment: switch to live). The request was not sent again." },
};

export function payinFormConfig(region: PayinRegion): WriteFormConfig {
  const label = MARKET_INFO[region].label;
  return {
    id: `payin-${region}`,
    market: region,
    // The form checked `body` with this region's schema before review; the BFF checks the whole submission again.
    send: async (submission) => {
      const created = await apiFetch(payinCreateContracts[region], { body: submission as BodyOf<PayinCreateContract<PayinRegion>> });
      // India's answer has no customer: the result shows the details sent.
      const customer = (submission.body as { customer?: EnteredCustomer }).customer;
      if (region === "india" && customer) rememberEnteredCustomer(created.transactionId, customer);
      return created;
    },
    noun: "payment request",
    // PYUSD's body carries a merchantReference; Bangladesh's may carry goodsInfo.id; the others carry none.
    reference: REFERENCE_PLACES[region],
    lookup: (reference) => lookupPayin(region, reference),
    lookupKey: (mode, reference) => payinKeys.lookup(mode, region, reference),
    fields: FIELDS[region],
    // Loaded when the operator first moves into the form: the schemas and zod are not in the page's JS.
    loadBodySchema: () => import("@/lib/requests/region-submissions").then((m) => m.PAYIN_BODIES[region]),
    submitLabel: "Review request",
    review: {
      title: requestPaymentTitle(label),
      description: "This is exactly what will be sent to the payments service. Nothing is sent until you confirm.",
      confirmLabel: "Send request",
    },
    statusHref: (id) => `/payins/${region}/${encodeURIComponent(id)}`,
    statusQueryKey: (mode, id) => payinKeys.one(mode, region, id),
    messages: MESSAGES[region],
  };
}
