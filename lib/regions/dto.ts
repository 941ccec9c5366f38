// Shapes the region BFF routes return (app/api/payins/**, app/api/payouts/**).
// Browser-safe types only; the mapping lives in lib/server/regions/dto.ts.
import type { PayinRegion, PayoutRegion } from "./regions";

export type MoneyStatus = "pending" | "success" | "failed";

/** A pay-in's fee and net credit; `estimated` while feeStatus says so (§2.2). */
export type FeesDto = { platformFee: string | null; netAmount: string | null; feeStatus: string | null; estimated: boolean };

type PayinBase = {
  transactionId: string;
  status: MoneyStatus;
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
  expiredTime: string | null;
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

export type ApprovalStatus = "awaiting_approval" | "approved" | "not_required";

export type PayoutDto = {
  region: PayoutRegion;
  transactionId: string;
  status: MoneyStatus;
  /** What the beneficiary receives (BDT, BRL, EUR). */
  amount: string | null;
  currency: string | null;
  /** What leaves the merchant's pocket; for Europe USDC at `rate`. */
  debitAmount: string | null;
  debitCurrency: string | null;
  rate: string | null;
  merchantReference: string | null;
  beneficiaryName: string | null;
  /** Europe only: null when neither the create answer nor this process says. */
  approvalStatus: ApprovalStatus | null;
  createdAt: string | null;
  completedAt: string | null;
};

export type AwaitingApprovalsDto = { items: PayoutDto[] };

export type IndiaQuoteDto = { base: string; quote: string; rate: string; asOf: string | null };
