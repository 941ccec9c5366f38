// CSV export of the filtered rows, written in the browser from the loaded rows.
// A small RFC 4180 writer instead of a library: the guard below must tell a
// numeric amount ("-12.50", left exactly as the API gave it) from a text cell
// starting with "-" (guarded), and the libraries we looked at (papaparse's
// escapeFormulae) guard every leading "-", which would corrupt negative amounts.
import { isDecimalString } from "./decimal-compare";
import { TRANSACTION_FIELDS, type TransactionRow } from "@/lib/transaction-row";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Cells a spreadsheet would run as a formula get a leading apostrophe (OWASP CSV injection guidance).
 * @internal
 */
export function guardCell(value: string): string {
  if (isDecimalString(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180 §2: quote a field holding a quote, comma, CR or LF; double inner quotes.
 * @internal
 */
export function quoteCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvCell(value: string | null): string {
  return value === null ? "" : quoteCell(guardCell(value));
}

/** Header plus one line per row, CRLF line ends (RFC 4180 §2.1), every field, amounts and ISO timestamps untouched. */
export function transactionsToCsv(rows: Iterable<TransactionRow>): string {
  const lines = [TRANSACTION_FIELDS.join(",")];
  for (const row of rows) lines.push(TRANSACTION_FIELDS.map((field) => csvCell(row[field])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

export function csvFileName(mode: string, now: Date): string {
  return `transactions-${mode}-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.csv`;
}
