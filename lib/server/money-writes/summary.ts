import "server-only";
import { createHmac } from "node:crypto";
import { isDecimalString } from "@/lib/decimal-string";
import { env } from "../env";
import type { WriteKind } from "./write-kinds";

// A write's masked summary, kept at intent (money_write_summaries, migration 0021) for as long as
// the audit trail keeps entries: what support searches by and reads on a payment's page. Never
// the whole account number: its last 4 digits in clear, and keyed hashes of its trailing digits
// (4 and more), so a caller's "ends in 456789" finds it without the console keeping the number.

export type WriteSummary = {
  amount: string | null;
  currency: string | null;
  bankName: string | null;
  accountLast4: string | null;
  accountSuffixes: string[];
};

/** The currency a rail's body does not name (it is the rail's own). */
const RAIL_CURRENCY: Partial<Record<WriteKind, string>> = {
  "ngn-payout": "NGN",
  "bangladesh-payout": "BDT",
  "bangladesh-payin": "BDT",
  "brazil-payout": "BRL",
  "brazil-payin": "BRL",
  "europe-payout": "EUR",
  "pyusd-payin": "PYUSD",
};

/** Writes with nothing to summarise: approving (no amount) and the virtual account (personal data only). */
const UNSUMMARISED: ReadonlySet<WriteKind> = new Set(["europe-approve", "ngn-va"]);

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

/** The key the suffix hashes are made under: derived from AUDIT_KEY, for this purpose only. */
function suffixKey(): Buffer {
  return createHmac("sha256", env().auditKey).update("money-write-summary:account-suffix").digest();
}

/** The keyed hash of some trailing digits of an account, as stored and as searched. */
export function accountSuffixHash(digits: string): string {
  return createHmac("sha256", suffixKey()).update(digits).digest("base64url");
}

/** The account's digits (an IBAN's or a wallet's too), or null when it has fewer than 4. */
function accountDigits(beneficiary: Record<string, unknown>): string | null {
  const account = text(beneficiary.accountNumber) ?? text(beneficiary.iban) ?? text(beneficiary.walletNumber);
  const digits = account?.replace(/\D/g, "") ?? "";
  return digits.length >= 4 ? digits : null;
}

/** The summary of the exact body a rail sends, or null for a write with nothing to summarise. */
export function summaryOf(rail: WriteKind, body: unknown, hash: (digits: string) => string = accountSuffixHash): WriteSummary | null {
  if (UNSUMMARISED.has(rail)) return null;
  const fields = record(body);
  const beneficiary = record(fields.beneficiary);
  const amount = text(fields.amount);
  const digits = accountDigits(beneficiary);
  const suffixes: string[] = [];
  if (digits) for (let length = 4; length <= digits.length; length++) suffixes.push(hash(digits.slice(-length)));
  return {
    amount: amount !== null && isDecimalString(amount) ? amount : null,
    currency: text(fields.currency) ?? text(fields.currencySymbol) ?? RAIL_CURRENCY[rail] ?? null,
    bankName: text(beneficiary.bankName),
    accountLast4: digits ? digits.slice(-4) : null,
    accountSuffixes: suffixes,
  };
}
