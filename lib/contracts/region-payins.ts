// /api/payins/**: request a payment in a region, follow its status, ask whether a
// request whose answer was lost was created, India's UTR and quote (browser-safe). The create posts the reviewed body exactly as the API will
// receive it (lib/requests/region-submissions.ts); the mapping from upstream records to
// these DTOs lives in lib/server/money-writes/kinds/region-dto.ts.
import type { PAYIN_SUBMISSIONS } from "@/lib/requests/region-submissions";
import type { PayinRegion } from "@/lib/regions/regions";
import type { Environment } from "@/lib/rails";
import type { TxStatus } from "@/lib/transaction-row";
import { contract, type Contract } from "./contract";
import { loadReferenceLookupSchema, type WriteLookupDto } from "./write-lookup";

/** A pay-in's fee and net credit; `estimated` while feeStatus says so (§2.2). */
export type FeesDto = { platformFee: string | null; netAmount: string | null; feeStatus: string | null; estimated: boolean };

type PayinBase = {
  transactionId: string;
  status: TxStatus;
  amount: string | null;
  currency: string | null;
  platformOrderId: string | null;
  expiresAt: string | null;
  createdAt: string | null;
  completedAt: string | null;
};

export type BangladeshPayinDto = PayinBase & {
  region: "bangladesh";
  /** paymentInfo.content: the hosted page the customer pays on. */
  paymentUrl: string | null;
  /** paymentInfo.expiredTime as sent (YYYYMMDDHHmmss, UTC) and as ISO when it parses. */
  expiredTime: string | null;
  expiredTimeIso: string | null;
  fees: FeesDto;
};

export type BrazilPayinDto = PayinBase & {
  region: "brazil";
  pixCode: string | null;
  pixUrl: string | null;
  /** paymentInfo.expiredTime as sent, and as ISO when it parses (the same format as Bangladesh's). */
  expiredTime: string | null;
  expiredTimeIso: string | null;
  fees: FeesDto;
};

export type IndiaPayinDto = PayinBase & {
  region: "india";
  currencySymbol: "INR" | "USDT" | null;
  inrAmount: string | null;
  usdtAmount: string | null;
  /** INR per 1 USDT. */
  rate: string | null;
  upi: { vpa: string | null; payeeName: string | null; intentUrl: string | null };
  tradeEvent: number | null;
  utr: string | null;
  /** Fees and net are in USDT (the credited pocket). */
  fees: FeesDto;
};

export type EuropePayinDto = PayinBase & {
  region: "europe";
  checkoutUrl: string | null;
  /** Indicative, display only: the credit is decided at settlement (§1 Europe). */
  cryptoAmount: string | null;
  cryptoCurrency: string | null;
  rate: string | null;
  eventId: number | null;
  eventDescription: string | null;
};

export type PyusdIntentDto = PayinBase & {
  region: "pyusd";
  merchantReference: string | null;
  creditCurrency: string | null;
  network: string | null;
  depositAddress: string | null;
  settlementStatus: string;
};

export type PayinDto = BangladeshPayinDto | BrazilPayinDto | IndiaPayinDto | EuropePayinDto | PyusdIntentDto;
export type PayinDtoOf<R extends PayinRegion> = Extract<PayinDto, { region: R }>;

/** INR per 1 USDT, indicative (GET /v1/h2h/conversion-rates). */
export type IndiaQuoteDto = { base: string; quote: string; rate: string; asOf: string | null };

export const payinKeys = {
  all: ["payins"] as const,
  one: (mode: Environment, region: PayinRegion, id: string) => ["payins", mode, region, id] as const,
  lookup: (mode: Environment, region: PayinRegion, reference: string) => ["payins", mode, region, "lookup", reference] as const,
  indiaQuote: (mode: Environment) => ["india-quote", mode] as const,
};

type PayinSubmissionSchema<R extends PayinRegion> = (typeof PAYIN_SUBMISSIONS)[R];
const submissionOf =
  <R extends PayinRegion>(region: R) =>
  () =>
    import("@/lib/requests/region-submissions").then((m) => m.PAYIN_SUBMISSIONS[region]);
export type PayinCreateContract<R extends PayinRegion> = Contract<"POST", void, PayinSubmissionSchema<R>, PayinDtoOf<R>>;

/** POST /api/payins/{region}: `{ reference, body }`, or `{ body }` for PYUSD, whose key derives from its merchantReference. */
export const payinCreateContracts: { [R in PayinRegion]: PayinCreateContract<R> } = {
  bangladesh: contract<BangladeshPayinDto>()({ method: "POST", path: () => "/api/payins/bangladesh", input: submissionOf("bangladesh") }),
  brazil: contract<BrazilPayinDto>()({ method: "POST", path: () => "/api/payins/brazil", input: submissionOf("brazil") }),
  india: contract<IndiaPayinDto>()({ method: "POST", path: () => "/api/payins/india", input: submissionOf("india") }),
  europe: contract<EuropePayinDto>()({ method: "POST", path: () => "/api/payins/europe", input: submissionOf("europe") }),
  pyusd: contract<PyusdIntentDto>()({ method: "POST", path: () => "/api/payins/pyusd", input: submissionOf("pyusd") }),
};

export const payinStatusContract = contract<PayinDto>()({
  method: "GET",
  path: ({ region, id }: { region: PayinRegion; id: string }) => `/api/payins/${region}/${encodeURIComponent(id)}`,
});

/** "Was it created?" for a pay-in whose answer was lost, by the reference it was sent with. */
export const payinLookupContract = contract<WriteLookupDto>()({
  method: "GET",
  path: ({ region, reference }: { region: PayinRegion; reference: string }) =>
    `/api/payins/${region}/lookup?${new URLSearchParams({ reference })}`,
  input: loadReferenceLookupSchema,
});

/** India only: the customer's bank UTR (POST /v1/h2h/buyer-confirms-payment). */
export const indiaUtrContract = contract<IndiaPayinDto>()({
  method: "POST",
  path: ({ id }: { id: string }) => `/api/payins/india/${encodeURIComponent(id)}/utr`,
  input: () => import("@/lib/requests/region-submissions").then((m) => m.utrSubmissionSchema),
});

export const indiaQuoteContract = contract<IndiaQuoteDto>()({ method: "GET", path: () => "/api/payins/india-quote" });
