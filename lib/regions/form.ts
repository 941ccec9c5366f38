// Pure helpers behind the one form scaffold every region's pay-in and payout
// page uses (components/money-movement/reviewed-write-form.tsx): fields are
// described once, the request body is built from them, and the review rows
// are that body, field by field, exactly as it will be sent.

import { formatMoney, isDecimalString } from "@/lib/money";

export type FieldSpec = {
  /** Dotted path in the request body, e.g. "customer.email"; also the wire name shown on review. */
  name: string;
  label: string;
  kind?: "text" | "email" | "url" | "tel" | "integer" | "select";
  options?: readonly string[];
  hint?: string;
  /** Left out of the body when blank (the schema decides whether that is allowed). */
  optional?: boolean;
  defaultValue?: string;
  /** Amounts: a numeric keyboard; the value stays a decimal string. */
  decimal?: boolean;
  /**
   * An amount's currency, fixed ("BDT") or the body field that names it ({ field: "currency" }): the
   * review shows the amount grouped with its currency beside the exact value sent.
   */
  currency?: string | { field: string };
  autoComplete?: string;
};

export type FormValues = Record<string, string>;

export function initialValues(fields: readonly FieldSpec[], overrides: FormValues = {}): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, overrides[field.name] ?? field.defaultValue ?? field.options?.[0] ?? ""]));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = (typeof next === "object" && next !== null ? next : (node[part] = {})) as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

/**
 * The request body from the form: trimmed strings (amounts stay decimal
 * strings), whole numbers for integer fields, blank optional fields left out.
 * Validation is the shared schema's job, not this function's.
 */
export function bodyFromValues(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? "").trim();
    if (raw === "" && field.optional) continue;
    setPath(body, field.name, field.kind === "integer" && /^\d+$/.test(raw) ? Number(raw) : raw);
  }
  return body;
}

/**
 * One field of the request body on the review: its wire name, the exact string sent, and for an
 * amount how a person reads it ("5,000,000.00 NGN" beside "5000000": a zero too many shows).
 */
export type ReviewRowData = { field: string; label: string; value: string; reading?: string };

/** An amount as a person reads it, grouped and with its currency; none for a value that is not a decimal or a currency not known. */
export function amountReading(value: string, currency: unknown): string | undefined {
  return typeof currency === "string" && currency !== "" && isDecimalString(value) ? formatMoney(value, currency) : undefined;
}

/** A reviewed value as text: strings and numbers as they are, anything else as JSON. */
function displayValue(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);
}

/** The value at a dotted path of the body ("goodsInfo.id"), undefined when absent. */
export function valueAt(body: Record<string, unknown>, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], body);
}

/** Every field of the body in form order, the value as JSON would carry it. */
export function reviewRowsOf(fields: readonly FieldSpec[], body: Record<string, unknown>): ReviewRowData[] {
  const rows: ReviewRowData[] = [];
  for (const field of fields) {
    const value = valueAt(body, field.name);
    if (value === undefined) continue;
    const shown = displayValue(value);
    const currency = typeof field.currency === "object" ? valueAt(body, field.currency.field) : field.currency;
    const reading = field.decimal ? amountReading(shown, currency) : undefined;
    rows.push({ field: field.name, label: field.label, value: shown, ...(reading ? { reading } : {}) });
  }
  return rows;
}
