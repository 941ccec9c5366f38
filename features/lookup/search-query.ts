// What support types into the one search box, read once (browser-safe, no zod): the server's
// search (features/lookup/server/search.ts) matches each part, and tests hold every rule.
//
// - the whole value, ignoring case and the spaces around it: a transactionId, a platformOrderId,
//   a merchantReference or an NGN payout reference (`NGNP-…`);
// - an amount as the forms read one ("1,500", "1500", "1500.00"; lib/decimal-string.ts, never a
//   float), optionally with a currency ("NGN") and a day ("2026-12-06"), in any order;
// - 4 or more digits (spaces and dashes between them allowed): the end of a beneficiary's account.
import { compareDecimalStrings, isDecimalString, separatorProblem, withoutGrouping } from "@/lib/decimal-string";
import { withoutInvisibles } from "@/lib/invisibles";
import type { TransactionRow } from "@/lib/transaction-row";

/** The longest value the box takes (a pasted page is refused, not searched). */
export const SEARCH_MAX_LENGTH = 200;

/** The id of /lookup's search box: the header's `/` shortcut focuses it there. */
export const LOOKUP_BOX_ID = "lookup-q";

type AmountQuery = {
  /** The decimal string, grouping removed ("1500", "1500.00"): compared exactly. */
  value: string;
  /** Upper case, or null for any currency. */
  currency: string | null;
  /** YYYY-MM-DD in the searcher's time zone, or null for any day. */
  day: string | null;
};

export type SearchQuery = {
  /** As typed, without invisibles and the spaces around it. */
  shown: string;
  /** Lower case: compared with ids and references, whole. */
  text: string;
  amount: AmountQuery | null;
  /** At least 4 digits: the end of an account number. */
  digits: string | null;
};

export type MatchedOn = "transactionId" | "platformOrderId" | "merchantReference" | "payoutReference" | "amount" | "accountDigits";

export const MATCHED_ON_LABELS: Record<MatchedOn, string> = {
  transactionId: "transaction ID",
  platformOrderId: "platform order ID",
  merchantReference: "merchant reference",
  payoutReference: "payout reference",
  amount: "amount",
  accountDigits: "account number's last digits",
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^[A-Za-z]{3,5}(-[A-Za-z]{3,5})?$/;
const ACCOUNT_DIGITS = /^\d[\d -]*\d$/;

function isDay(token: string): boolean {
  const parts = DAY.exec(token);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The amount typed as the forms read it ("1,500" → "1500"), or null. */
function amountOf(token: string): string | null {
  if (separatorProblem(token) !== null) return null;
  const value = withoutGrouping(token);
  return isDecimalString(value) && !value.startsWith("-") ? value : null;
}

/** "1,500", "NGN 1500.00", "1500 ngn 2026-12-06": one amount, at most one currency and one day, nothing else. */
function amountQueryOf(shown: string): AmountQuery | null {
  let value: string | null = null;
  let currency: string | null = null;
  let day: string | null = null;
  for (const token of shown.split(/\s+/)) {
    const amount = amountOf(token);
    if (amount !== null && value === null) value = amount;
    else if (isDay(token) && day === null) day = token;
    else if (CURRENCY.test(token) && currency === null) currency = token.toUpperCase();
    else return null;
  }
  return value === null ? null : { value, currency, day };
}

/** The value as the search reads it; null when nothing is left to search. */
export function parseSearch(typed: string): SearchQuery | null {
  const shown = withoutInvisibles(typed).trim();
  if (shown === "" || shown.length > SEARCH_MAX_LENGTH) return null;
  const digits = ACCOUNT_DIGITS.test(shown) ? shown.replace(/[ -]/g, "") : null;
  return {
    shown,
    text: shown.toLowerCase(),
    amount: amountQueryOf(shown),
    digits: digits !== null && digits.length >= 4 ? digits : null,
  };
}

/** The day an instant falls on in `timeZone` (an IANA name the caller checked), as YYYY-MM-DD. */
export function dayIn(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (instant) => format.format(new Date(instant));
}

/**
 * Whether an amount, in its currency, on its day, is the one asked for: compared as decimals, exactly.
 * @internal
 */
export function amountMatches(amount: AmountQuery, value: string, currency: string, day: () => string): boolean {
  if (!isDecimalString(value) || compareDecimalStrings(value, amount.value) !== 0) return false;
  if (amount.currency !== null && currency.toUpperCase() !== amount.currency) return false;
  return amount.day === null || day() === amount.day;
}

/** What of a listed transaction the query matches (its id, its platform order id, its amount), in that order. */
export function rowMatches(row: TransactionRow, query: SearchQuery, dayOf: (instant: string) => string): MatchedOn[] {
  const matched: MatchedOn[] = [];
  if (row.id.toLowerCase() === query.text) matched.push("transactionId");
  if (row.platformOrderId.toLowerCase() === query.text) matched.push("platformOrderId");
  if (query.amount && amountMatches(query.amount, row.amount, row.currency, () => dayOf(row.createdAt))) matched.push("amount");
  return matched;
}
