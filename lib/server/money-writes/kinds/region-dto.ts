import "server-only";
import type { BangladeshPayin, PayinStatus, Payout } from "@/lib/payments/schemas/bangladesh";
import type { BrazilPayin } from "@/lib/payments/schemas/brazil";
import type { EuropePayin, EuropePayout } from "@/lib/payments/schemas/europe";
import type { IndiaPayin } from "@/lib/payments/schemas/india";
import type { PyusdIntent } from "@/lib/payments/schemas/pyusd";
import type { Transaction } from "@/lib/payments/schemas/transactions";
import type { ApprovalStatus, PayoutDto } from "@/lib/contracts/region-payouts";
import type {
  BangladeshPayinDto,
  BrazilPayinDto,
  EuropePayinDto,
  FeesDto,
  IndiaPayinDto,
  PyusdIntentDto,
} from "@/lib/contracts/region-payins";
import type { PayoutRegion } from "@/lib/regions/regions";

// Upstream records → the DTOs the browser sees. Most fields are "not shown" by
// the spec (§4.9), so every one but the id and status is read defensively and
// becomes null when absent; nothing upstream is forwarded wholesale.

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * A page the operator opens or hands to the customer (a payment page, a checkout): only an https
 * URL, as the console's own URLs are. The schemas take any string, and an http:// or another
 * scheme from the API would be shown as a live, copyable link; it is left out instead.
 */
function httpsUrl(value: unknown): string | null {
  const url = text(value);
  if (url === null) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
const int = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

type Base = { transactionId: string; status: PayinStatus["status"] } & Record<string, unknown>;

function payinBase(payin: Base) {
  return {
    transactionId: payin.transactionId,
    status: payin.status,
    amount: text(payin.amount),
    currency: text(payin.currency),
    platformOrderId: text(payin.platformOrderId),
    expiresAt: text(payin.expiresAt),
    createdAt: text(payin.createdAt),
    completedAt: text(payin.completedAt),
  };
}

/** §2.2: feeStatus "estimated" until the pay-in succeeds; an absent status is treated as estimated too. */
function toFeesDto(fees: unknown, netAmount: unknown): FeesDto {
  const block = record(fees);
  const feeStatus = text(block.feeStatus);
  return { platformFee: text(block.platformFee), netAmount: text(netAmount), feeStatus, estimated: feeStatus !== "final" };
}

/**
 * "20261122023000" (UTC, simulator/README.md) → ISO; anything else stays raw only.
 * @internal
 */
export function expiredTimeToIso(value: string | null): string | null {
  const match = value?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function toBangladeshPayinDto(payin: BangladeshPayin | PayinStatus): BangladeshPayinDto {
  const info = record(payin.paymentInfo);
  const expiredTime = text(info.expiredTime);
  return {
    ...payinBase(payin),
    region: "bangladesh",
    paymentUrl: httpsUrl(info.content),
    expiredTime,
    expiredTimeIso: expiredTimeToIso(expiredTime),
    fees: toFeesDto(payin.fees, payin.netAmount),
  };
}

export function toBrazilPayinDto(payin: BrazilPayin | PayinStatus): BrazilPayinDto {
  const info = record(payin.paymentInfo);
  return {
    ...payinBase(payin),
    region: "brazil",
    pixCode: text(info.code),
    pixUrl: httpsUrl(info.url),
    expiredTime: text(info.expiredTime),
    expiredTimeIso: expiredTimeToIso(text(info.expiredTime)),
    fees: toFeesDto(payin.fees, payin.netAmount),
  };
}

export function toIndiaPayinDto(payin: IndiaPayin): IndiaPayinDto {
  const upi = record(payin.upi);
  return {
    ...payinBase(payin),
    region: "india",
    // The amount was quoted in currencySymbol; the record has no separate currency field.
    currency: text(payin.currencySymbol),
    currencySymbol: payin.currencySymbol ?? null,
    inrAmount: text(payin.inrAmount),
    usdtAmount: text(payin.usdtAmount),
    rate: text(payin.rate),
    upi: { vpa: text(upi.vpa), payeeName: text(upi.payeeName), intentUrl: text(upi.intentUrl) },
    tradeEvent: int(payin.tradeEvent),
    utr: text(payin.utr),
    fees: toFeesDto(payin.fees, payin.netAmount),
  };
}

export function toEuropePayinDto(payin: EuropePayin): EuropePayinDto {
  const event = record(payin.eventDetails);
  return {
    ...payinBase(payin),
    region: "europe",
    checkoutUrl: httpsUrl(payin.checkoutUrl),
    cryptoAmount: text(payin.cryptoAmount),
    cryptoCurrency: text(payin.cryptoCurrency) ?? "USDC",
    rate: text(payin.rate),
    eventId: int(event.eventId),
    eventDescription: text(event.description),
  };
}

export function toPyusdIntentDto(intent: PyusdIntent): PyusdIntentDto {
  return {
    ...payinBase({ ...intent, status: intent.status ?? "pending" }),
    region: "pyusd",
    merchantReference: text(intent.merchantReference),
    creditCurrency: text(intent.creditCurrency) ?? "PYUSD-USDC",
    network: text(intent.network),
    depositAddress: text(intent.depositAddress),
    settlementStatus: intent.settlementStatus,
  };
}

function approvalStatusOf(value: unknown, requiresApproval: unknown): ApprovalStatus | null {
  if (value === "awaiting_approval" || value === "approved" || value === "not_required") return value;
  // Only the boolean was sent: true means it still waits, false that it never will.
  if (requiresApproval === true) return "awaiting_approval";
  if (requiresApproval === false) return "not_required";
  return null;
}

/** Bangladesh and Brazil payouts (create and GET /v1/payouts/:id): the debit is the amount in the local pocket. */
export function toLocalPayoutDto(region: Exclude<PayoutRegion, "europe">, payout: Payout): PayoutDto {
  const amount = text(payout.amount);
  const currency = text(payout.currency) ?? (region === "bangladesh" ? "BDT" : "BRL");
  return {
    region,
    transactionId: payout.transactionId,
    status: payout.status,
    amount,
    currency,
    debitAmount: text(payout.totalWalletDebit) ?? amount,
    debitCurrency: currency,
    fee: text(payout.fee),
    rate: null,
    merchantReference: text(payout.merchantReference),
    beneficiaryName: text(record(payout.beneficiary).name),
    approvalStatus: null,
    createdAt: text(payout.createdAt),
    completedAt: text(payout.completedAt),
  };
}

/** A Europe payout from its create or approve answer (the only places its approval fields appear). */
export function toEuropePayoutDto(payout: EuropePayout): PayoutDto {
  return {
    region: "europe",
    transactionId: payout.transactionId,
    status: payout.status,
    amount: text(payout.amount),
    currency: text(payout.currency) ?? "EUR",
    debitAmount: text(payout.debitAmount),
    debitCurrency: text(payout.debitCurrency) ?? "USDC",
    // Europe's answers carry no fee (the USDC debit is the whole cost).
    fee: null,
    rate: text(payout.rate),
    merchantReference: text(payout.merchantReference),
    beneficiaryName: text(record(payout.beneficiary).name),
    approvalStatus: approvalStatusOf(payout.approvalStatus, payout.requiresApproval),
    createdAt: text(payout.createdAt),
    completedAt: text((payout as Record<string, unknown>).completedAt),
  };
}

/**
 * A Europe payout's status: there is no GET for it, so GET /v1/transactions/:id
 * (whose amount is the USDC debit) is merged over what this process remembers
 * from the create or approve answer.
 */
export function mergeEuropeTransaction(known: PayoutDto | undefined, tx: Transaction): PayoutDto {
  return {
    region: "europe",
    transactionId: tx.id,
    status: tx.status,
    amount: known?.amount ?? null,
    currency: known?.currency ?? "EUR",
    debitAmount: tx.amount,
    debitCurrency: tx.currency,
    fee: null,
    rate: known?.rate ?? null,
    merchantReference: known?.merchantReference ?? null,
    beneficiaryName: known?.beneficiaryName ?? null,
    approvalStatus: known?.approvalStatus ?? null,
    createdAt: tx.createdAt,
    completedAt: tx.completedAt,
  };
}
