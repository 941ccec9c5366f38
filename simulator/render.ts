// JSON shapes of every record. Seeded history rows carry no rail data (`ext`)
// to keep 100,000 rows small; their fields are derived here from the row.

import { createHash } from "node:crypto";
import { fmt, formatMinor } from "./money";
import { eurCrypto, indiaUsdt, inrFromUsdt, payinMoney, type Tx, type VirtualAccount } from "./state";
import { EUR_RATE, INR_PER_USDT, MIN, RAIL_LABEL } from "./types";

export const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** §2.3 transaction item. */
export function renderItem(tx: Tx) {
  return {
    id: tx.id,
    type: tx.type,
    status: tx.status,
    amount: fmt(tx.amount, tx.currency),
    currency: tx.currency,
    rail: tx.rail,
    railLabel: RAIL_LABEL[tx.rail],
    paidAmount: tx.paidAmount === null ? null : fmt(tx.paidAmount, tx.currency),
    platformOrderId: tx.platformOrderId,
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
  };
}

/** YYYYMMDDHHmmss in UTC. */
function compactTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

function fees(tx: Tx) {
  const money = payinMoney(tx);
  const fee = money ? fmt(money.fee, money.pocket) : "0.00";
  const net = money ? fmt(money.net, money.pocket) : fmt(tx.amount, tx.currency);
  return {
    fees: { platformFee: fee, feeType: "payin", feeStatus: tx.status === "success" ? "final" : "estimated" },
    netAmount: net,
  };
}

/** Bangladesh and Brazil pay-in (create response and GET /v1/payins/:id). */
export function renderBdBrPayin(tx: Tx) {
  const expires = tx.createdAt + 30 * MIN;
  const paymentInfo =
    tx.rail === "brazil"
      ? {
          type: "pix",
          code: `00020101021226850014br.gov.bcb.pix2563pix.sim.example/qr/v2/${tx.platformOrderId}5204000053039865802BR5912SIM MERCHANT6009SAO PAULO6304${tx.platformOrderId.slice(-4)}`,
          url: `https://pay.sim.example/br/${tx.platformOrderId}`,
          expiredTime: compactTime(expires),
        }
      : { type: "url", content: `https://pay.sim.example/bd/${tx.platformOrderId}`, expiredTime: compactTime(expires) };
  return {
    transactionId: tx.id,
    status: tx.status,
    amount: fmt(tx.amount, tx.currency),
    currency: tx.currency,
    platformOrderId: tx.platformOrderId,
    paymentInfo,
    expiresAt: iso(expires),
    ...fees(tx),
    totalWalletDebit: null,
    rail: tx.rail,
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
  };
}

/** Bangladesh and Brazil payout (create response and GET /v1/payouts/:id). */
export function renderBdBrPayout(tx: Tx) {
  const amount = fmt(tx.amount, tx.currency);
  const ref = `seed-${tx.platformOrderId}`;
  let extra: Record<string, unknown>;
  if (tx.ext?.kind === "bdPayout") {
    extra = { merchantReference: tx.ext.merchantReference, paymentMethodCode: tx.ext.paymentMethodCode, beneficiary: tx.ext.beneficiary };
  } else if (tx.ext?.kind === "brPayout") {
    extra = {
      merchantReference: tx.ext.merchantReference,
      pixKey: tx.ext.pixKey,
      pixKeyType: tx.ext.pixKeyType,
      beneficiary: tx.ext.beneficiary,
    };
  } else if (tx.rail === "brazil") {
    extra = { merchantReference: ref, pixKey: "seed@pix.sim.example", pixKeyType: "EMAIL", beneficiary: { name: "Seed Beneficiary" } };
  } else {
    extra = { merchantReference: ref, paymentMethodCode: "BKASH", beneficiary: { name: "Seed Beneficiary", walletNumber: "01700000000" } };
  }
  return {
    transactionId: tx.id,
    status: tx.status,
    amount,
    currency: tx.currency,
    rail: tx.rail,
    platformOrderId: tx.platformOrderId,
    ...extra,
    fee: "0.00",
    totalWalletDebit: amount,
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
  };
}

export const INDIA_RATE = formatMinor(INR_PER_USDT, 2);
const UPI_VPA = "mrpsim@simupi";
const UPI_PAYEE = "MRP Simulator Merchant";

export function renderIndia(tx: Tx) {
  const usdt = indiaUsdt(tx);
  const inr = tx.ext?.kind === "india" ? tx.ext.inrMinor : tx.currency === "INR" ? tx.amount : inrFromUsdt(usdt);
  const tradeEvent = tx.ext?.kind === "india" ? tx.ext.tradeEvent : tx.status === "success" ? 4 : tx.status === "failed" ? 5 : 2;
  const inrStr = fmt(inr, "INR");
  return {
    transactionId: tx.id,
    status: tx.status,
    amount: fmt(tx.amount, tx.currency),
    currencySymbol: tx.currency,
    inrAmount: inrStr,
    usdtAmount: fmt(usdt, "USDT"),
    rate: INDIA_RATE,
    upi: {
      vpa: UPI_VPA,
      payeeName: UPI_PAYEE,
      intentUrl: `upi://pay?pa=${UPI_VPA}&pn=${encodeURIComponent(UPI_PAYEE)}&am=${inrStr}&cu=INR&tr=${tx.platformOrderId}`,
    },
    tradeEvent,
    utr: tx.ext?.kind === "india" ? tx.ext.utr : null,
    platformOrderId: tx.platformOrderId,
    expiresAt: iso(tx.createdAt + 30 * MIN),
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
    ...fees(tx),
  };
}

const EU_EVENTS: Record<number, string> = {
  1: "Payment created",
  2: "Customer redirected to the bank",
  3: "Bank authorised the payment",
  4: "Funds received",
  5: "Settled",
};

export function renderEuPayin(tx: Tx) {
  const eventId = tx.ext?.kind === "euPayin" ? tx.ext.eventId : tx.status === "success" ? 5 : tx.status === "failed" ? 2 : 1;
  const rate = EUR_RATE[tx.currency as "EUR" | "GBP"] ?? EUR_RATE.EUR;
  return {
    transactionId: tx.id,
    status: tx.status,
    amount: fmt(tx.amount, tx.currency),
    currency: tx.currency,
    checkoutUrl: `https://checkout.sim.example/eu/${tx.platformOrderId}`,
    cryptoAmount: fmt(eurCrypto(tx.amount, tx.currency), "USDC"),
    rate: formatMinor(rate, 2),
    cryptoCurrency: "USDC",
    eventDetails: { eventId, description: tx.status === "failed" ? "Payment failed" : (EU_EVENTS[eventId] ?? "") },
    platformOrderId: tx.platformOrderId,
    expiresAt: iso(tx.createdAt + 30 * MIN),
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
  };
}

export function renderEuPayout(tx: Tx) {
  const ext = tx.ext?.kind === "euPayout" ? tx.ext : null;
  const eur = ext ? ext.eurMinor : tx.amount / (EUR_RATE.EUR * 100n);
  const requiresApproval = eur >= 100_000n;
  return {
    transactionId: tx.id,
    status: tx.status,
    amount: fmt(eur, "EUR"),
    currency: "EUR",
    debitAmount: fmt(tx.amount, "USDC"),
    debitCurrency: "USDC",
    rate: formatMinor(EUR_RATE.EUR, 2),
    requiresApproval,
    approvalStatus: ext ? ext.approvalStatus : requiresApproval ? "approved" : "not_required",
    merchantReference: ext ? ext.merchantReference : `seed-${tx.platformOrderId}`,
    beneficiary: ext ? ext.beneficiary : { name: "Seed Beneficiary GmbH", iban: "DE89370400440532013000" },
    ...(ext?.description !== undefined ? { description: ext.description } : {}),
    rail: "europe",
    platformOrderId: tx.platformOrderId,
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
  };
}

export function renderNgnPayout(tx: Tx) {
  const ext = tx.ext?.kind === "ngnPayout" ? tx.ext : null;
  const amount = fmt(tx.amount, "NGN");
  return {
    transactionId: tx.id,
    reference: ext ? ext.reference : `NGNP-${tx.platformOrderId}`,
    merchantReference: ext ? ext.merchantReference : `seed-${tx.platformOrderId}`,
    ...(ext?.description !== undefined ? { description: ext.description } : {}),
    status: tx.status,
    withdrawalStatus: ext ? ext.withdrawalStatus : tx.status === "success" ? "completed" : tx.status === "failed" ? "failed" : "queued",
    settled: tx.status !== "pending",
    amount,
    currency: "NGN",
    fee: "0.00",
    totalWalletDebit: amount,
    beneficiary: ext
      ? ext.beneficiary
      : { accountNumber: "0123456789", bankCode: "058", accountName: "SEED BENEFICIARY", bankName: "Guaranty Trust Bank" },
    environment: "live",
    rail: "nigeria",
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
  };
}

function depositAddress(tx: Tx): string {
  return "0x" + createHash("sha256").update(tx.id).digest("hex").slice(0, 40);
}

export function renderPyusd(tx: Tx) {
  const ext = tx.ext?.kind === "pyusd" ? tx.ext : null;
  return {
    transactionId: tx.id,
    merchantReference: ext ? ext.merchantReference : `seed-${tx.platformOrderId}`,
    amount: fmt(tx.amount, "PYUSD"),
    currency: "PYUSD",
    creditCurrency: "PYUSD-USDC",
    network: "ethereum",
    depositAddress: depositAddress(tx),
    settlementStatus: ext
      ? ext.settlementStatus
      : tx.status === "success"
        ? "settled"
        : tx.status === "failed"
          ? "expired"
          : "awaiting_payment",
    status: tx.status,
    expiresAt: iso(ext ? ext.expiresAt : tx.createdAt + 60 * MIN),
    platformOrderId: tx.platformOrderId,
    createdAt: iso(tx.createdAt),
    completedAt: isoOrNull(tx.completedAt),
  };
}

export function renderVirtualAccount(va: VirtualAccount, now: number) {
  const ready = now >= va.readyAt;
  return {
    id: va.id,
    ready,
    status: ready ? "active" : "provisioning",
    ...(ready ? { accountNumber: va.accountNumber, bankName: va.bankName, accountName: va.accountName } : {}),
    firstName: va.firstName,
    lastName: va.lastName,
    customerEmail: va.customerEmail,
    createdAt: iso(va.createdAt),
  };
}
