import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { isDecimalString } from "@/lib/decimal-string";
import { transactionTypeSchema } from "@/lib/requests/core";
import { decimalString, ISO_DATETIME, isoDatetime, paymentStatusSchema, RAILS, railSchema } from "./common";

/** §2.3 transaction item. */
export const transactionSchema = z.looseObject({
  id: z.string(),
  type: transactionTypeSchema,
  status: paymentStatusSchema,
  amount: decimalString,
  currency: z.string(),
  rail: railSchema,
  railLabel: z.string(),
  paidAmount: decimalString.nullable(),
  platformOrderId: z.string(),
  createdAt: isoDatetime,
  completedAt: isoDatetime.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * §2.3 list envelope. Its items are read one by one (readTransactionList): one malformed row
 * refused the whole page, and with it every full load of the list, for good.
 */
export const transactionListEnvelopeSchema = z.looseObject({
  items: z.array(z.unknown()),
  total: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
});
type TransactionListEnvelope = z.infer<typeof transactionListEnvelopeSchema>;

/** A row of a list page that no reading of §2.3 accepts: left out, and said. */
export type UnreadableTransaction = {
  /** The row's id when it has a usable one (for the log and for support), else null. */
  id: string | null;
  /** Names the row across reads: its id, else a digest of its JSON. */
  key: string;
  /** The fields that were wrong (paths only: values can be customer data). */
  fields: string[];
};

/** A list page as the client hands it on: the rows it could read, and the ones it could not. */
export type TransactionList = {
  items: Transaction[];
  unreadable: UnreadableTransaction[];
  total: number;
  limit: number;
  offset: number;
};

/** Rows the page held, read or not: what says where the next page starts and whether the list ended. */
export const rowsOnPage = (page: Pick<TransactionList, "items" | "unreadable">): number => page.items.length + page.unreadable.length;

const TYPES: ReadonlySet<unknown> = new Set(transactionTypeSchema.options);
const STATUSES: ReadonlySet<unknown> = new Set(paymentStatusSchema.options);
/** The rails railSchema keeps as they are ("unknown" among them); a page with any other rail goes to zod, which replaces it. */
const KNOWN_RAILS: ReadonlySet<unknown> = new Set(RAILS);

const isDecimal = (value: unknown) => typeof value === "string" && isDecimalString(value);
const isInstant = (value: unknown) => typeof value === "string" && ISO_DATETIME.test(value);
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Whether transactionSchema would take this row exactly as it is: the same checks and the same
 * patterns, written out. Anything it does not recognise (a missing field, a rail zod would
 * replace with "unknown", a bad date) goes through zod, which refuses or repairs it.
 * @internal
 */
export function isTransactionAsIs(item: unknown): item is Transaction {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return false;
  const t = item as Record<string, unknown>;
  return (
    typeof t.id === "string" &&
    TYPES.has(t.type) &&
    STATUSES.has(t.status) &&
    isDecimal(t.amount) &&
    typeof t.currency === "string" &&
    KNOWN_RAILS.has(t.rail) &&
    typeof t.railLabel === "string" &&
    (t.paidAmount === null || isDecimal(t.paidAmount)) &&
    typeof t.platformOrderId === "string" &&
    isInstant(t.createdAt) &&
    (t.completedAt === null || isInstant(t.completedAt))
  );
}

/**
 * An id the console can name a row by and ask for on its own: printable ASCII, as the API's ids
 * are, at most 200 characters, and not "." or ".." (which the client refuses to put in a path).
 * Anything else (a lone surrogate made encodeURIComponent throw) names the row by a digest.
 */
const usableId = (value: unknown): string | null =>
  typeof value === "string" && /^[\x21-\x7e]{1,200}$/.test(value) && value !== "." && value !== ".." ? value : null;

function unreadable(item: unknown, error: z.ZodError): UnreadableTransaction {
  const id = usableId(typeof item === "object" && item !== null ? (item as Record<string, unknown>).id : undefined);
  const key =
    id ??
    `sha256:${createHash("sha256")
      .update(JSON.stringify(item) ?? "undefined")
      .digest("hex")}`;
  const fields = [...new Set(error.issues.map((issue) => issue.path.join(".") || "(row)"))];
  return { id, key, fields };
}

/**
 * The page's rows, each read on its own: one taken as it is when isTransactionAsIs says zod
 * would (a full load reads 1,000 pages; zod on every row cost ~34 ms per 100,000 rows warm,
 * ~245 ms on a fresh process, this check ~13 ms: docs/performance.md), else through zod, which
 * repairs it (a new rail reads "unknown") or refuses it. A refused row is left out and counted,
 * never guessed at: a row whose amount cannot be read must not be added into a total.
 */
export function readTransactionList(page: TransactionListEnvelope): TransactionList {
  const items: Transaction[] = [];
  const refused: UnreadableTransaction[] = [];
  for (const item of page.items) {
    if (isTransactionAsIs(item)) {
      items.push(item);
      continue;
    }
    const parsed = transactionSchema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else refused.push(unreadable(item, parsed.error));
  }
  return { items, unreadable: refused, total: page.total, limit: page.limit, offset: page.offset };
}

/** Whether transactionListEnvelopeSchema would take this page exactly as it is (its items are readTransactionList's). */
export function isTransactionListEnvelope(page: unknown): page is TransactionListEnvelope {
  if (typeof page !== "object" || page === null || Array.isArray(page)) return false;
  const p = page as Record<string, unknown>;
  return Array.isArray(p.items) && isCount(p.total) && isCount(p.limit) && isCount(p.offset);
}
