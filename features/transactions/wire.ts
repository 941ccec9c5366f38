// The columnar form of `GET /api/transactions` (layout "columns/1", docs/decisions/0147): rows
// travel in blocks, each block one object of columns. Status, type, currency, rail and rail label
// are small codes into the block's own dictionaries; instants are epoch milliseconds; ids,
// references and amounts stay strings (amounts exact, as the API wrote them, never numbers). At
// 100,000 rows that is a third fewer bytes than row tuples, far fewer strings to parse and hold,
// and a browser can put each column straight into typed arrays. Browser-safe.
import type { Rail } from "@/lib/rails";
import {
  TX_STATUSES,
  TX_TYPES,
  type TransactionChunkResponse,
  type TransactionRow,
  type TxStatus,
  type TxType,
} from "@/lib/transaction-row";

export const WIRE_LAYOUT = "columns/1";

/** Rows per block: one line of the answer, ~60 KB of JSON. */
export const WIRE_BLOCK_ROWS = 512;

/**
 * The answer is one JSON text laid out in lines: the chunk's fields up to `"blocks":[`, then one
 * block per line (every line after the first starting with the comma that joins it on), then `]}`.
 * JSON.stringify escapes every line break inside a value, so a raw one only ever falls between
 * blocks, and the worker reads each block as it arrives (wire-stream.ts) instead of the whole
 * answer after the last byte. To any other reader it is ordinary JSON.
 */
export const WIRE_LINE_BREAK = "\n";

/** The columns sent as codes into the block's dictionary of their values. */
const CODED_FIELDS = ["type", "status", "currency", "rail", "railLabel"] as const;
type CodedField = (typeof CODED_FIELDS)[number];

/** The instant columns: epoch ms, or null when the text names no instant. */
const INSTANT_FIELDS = ["createdAt", "completedAt"] as const;
type InstantField = (typeof INSTANT_FIELDS)[number];

export type WireBlock = {
  /** Rows in the block; every column holds this many values. */
  n: number;
  /** Each coded column's distinct values in this block; a code is an index into its list. */
  dict: Record<CodedField, string[]>;
  type: number[];
  status: number[];
  currency: number[];
  rail: number[];
  railLabel: number[];
  id: string[];
  amount: string[];
  paidAmount: (string | null)[];
  platformOrderId: string[];
  /** Epoch ms; null when the API's text names no instant (then `text` holds it). */
  createdAt: (number | null)[];
  /** Epoch ms; null while the payment is not complete, or when `text` holds what the API wrote. */
  completedAt: (number | null)[];
  /**
   * The API's own text of an instant that is not `new Date(ms).toISOString()` (another offset or
   * precision, or no instant at all), as [column, row, text]: the row reads exactly what was sent.
   */
  text: [field: InstantField, row: number, text: string][];
};

/** The answer as sent: the chunk's fields, with `blocks` instead of `items`. */
export type TransactionChunkWire = Omit<TransactionChunkResponse, "items"> & { layout: string; blocks: WireBlock[] };

const CUMULATIVE_DAYS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The epoch ms of `text` when it is exactly toISOString's form of them (the API's usual form), read
 * from its digits; NaN for any other text. Date.parse and toISOString per
 * instant were most of a merge's time after JSON.stringify went.
 */
export function canonicalMs(text: string): number {
  if (text.length !== 24) return NaN;
  // "-", "-", "T", ":", ":", ".", "Z" where toISOString puts them (no closure: this runs per instant).
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 ||
    text.charCodeAt(23) !== 90
  )
    return NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const ms = digits(text, 20, 3);
  if (!(year >= 0 && month >= 1 && month <= 12 && hour < 24 && minute < 60 && second < 60 && ms >= 0 && day >= 1)) return NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 ? (leap ? 29 : 28) : MONTH_DAYS[month - 1]!)) return NaN;
  // Days since 1970 by the proleptic Gregorian calendar (what Date uses).
  const y = year - 1;
  const days =
    365 * (year - 1970) +
    (Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400)) -
    477 +
    CUMULATIVE_DAYS[month - 1]! +
    (month > 2 && leap ? 1 : 0) +
    day -
    1;
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + ms;
}

/** The number the `count` decimal digits of `text` from `at` write; -1 if one is not a digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** An instant's epoch ms, and its text when that is not toISOString's form of the ms. */
export function instantOf(text: string): { ms: number | null; text: string | null } {
  const canonical = canonicalMs(text);
  if (!Number.isNaN(canonical)) return { ms: canonical, text: null };
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return { ms: null, text };
  return { ms, text: new Date(ms).toISOString() === text ? null : text };
}

/** The reference encoder: a block of `rows` (at most WIRE_BLOCK_ROWS, though any count decodes). */
export function encodeBlock(rows: readonly TransactionRow[]): WireBlock {
  const block: WireBlock = {
    n: rows.length,
    dict: { type: [], status: [], currency: [], rail: [], railLabel: [] },
    type: [],
    status: [],
    currency: [],
    rail: [],
    railLabel: [],
    id: [],
    amount: [],
    paidAmount: [],
    platformOrderId: [],
    createdAt: [],
    completedAt: [],
    text: [],
  };
  const codes = new Map<string, number>();
  const code = (field: CodedField, value: string): number => {
    const key = `${field}\u0000${value}`;
    let at = codes.get(key);
    if (at === undefined) codes.set(key, (at = block.dict[field].push(value) - 1));
    return at;
  };
  rows.forEach((row, i) => {
    for (const field of CODED_FIELDS) block[field].push(code(field, row[field]));
    block.id.push(row.id);
    block.amount.push(row.amount);
    block.paidAmount.push(row.paidAmount);
    block.platformOrderId.push(row.platformOrderId);
    for (const field of INSTANT_FIELDS) {
      const value = row[field];
      if (value === null) {
        block[field].push(null);
        continue;
      }
      const { ms, text } = instantOf(value);
      block[field].push(ms);
      if (text !== null) block.text.push([field, i, text]);
    }
  });
  return block;
}

const layoutError = () => new Error("The transactions answer has an unexpected layout; reload the page.");
const throwLayout = (): never => {
  throw layoutError();
};

const isCode = (value: unknown, size: number) => typeof value === "number" && Number.isInteger(value) && value >= 0 && value < size;

/**
 * Throws unless `block` is a whole block of this layout: every column `n` long, every code in its
 * dictionary, types and statuses ones the console knows. A block from another version of the BFF
 * is refused, never read as rows with their fields mixed up.
 */
export function checkBlock(block: WireBlock): void {
  const { n } = block;
  if (!Number.isInteger(n) || n < 0 || typeof block.dict !== "object" || !Array.isArray(block.text)) throw layoutError();
  for (const field of CODED_FIELDS) {
    const values = block.dict[field];
    const codes = block[field];
    if (!Array.isArray(values) || !Array.isArray(codes) || codes.length !== n) throw layoutError();
    if (values.some((value) => typeof value !== "string")) throw layoutError();
    for (const value of codes) if (!isCode(value, values.length)) throw layoutError();
  }
  if (block.dict.type.some((t) => !(TX_TYPES as readonly string[]).includes(t))) throw layoutError();
  if (block.dict.status.some((s) => !(TX_STATUSES as readonly string[]).includes(s))) throw layoutError();
  const columns = [
    [block.id, isText],
    [block.amount, isText],
    [block.platformOrderId, isText],
    [block.paidAmount, (v: unknown) => v === null || isText(v)],
    [block.createdAt, isInstant],
    [block.completedAt, isInstant],
  ] as const;
  for (const [values, valid] of columns) {
    if (!Array.isArray(values) || values.length !== n) throw layoutError();
    for (const value of values as unknown[]) if (!valid(value)) throw layoutError();
  }
  for (const entry of block.text) {
    if (!Array.isArray(entry) || !INSTANT_FIELDS.includes(entry[0]) || !isCode(entry[1], n) || typeof entry[2] !== "string")
      throw layoutError();
  }
}

const isText = (value: unknown) => typeof value === "string";
const isInstant = (value: unknown) => value === null || (typeof value === "number" && Number.isFinite(value));

/** The texts `block.text` names, per column and row. */
function instantTexts(block: WireBlock): Record<InstantField, Map<number, string>> {
  const texts = { createdAt: new Map<number, string>(), completedAt: new Map<number, string>() };
  for (const [field, row, text] of block.text) texts[field].set(row, text);
  return texts;
}

const instantText = (ms: number | null, text: string | undefined): string | null =>
  text ?? (ms === null ? null : new Date(ms).toISOString());

/**
 * The block's rows as objects (checked first): for readers that want rows, not columns.
 * @internal
 */
export function decodeBlock(block: WireBlock): TransactionRow[] {
  checkBlock(block);
  const texts = instantTexts(block);
  const rows: TransactionRow[] = [];
  for (let i = 0; i < block.n; i++) {
    rows.push({
      id: block.id[i]!,
      type: block.dict.type[block.type[i]!] as TxType,
      status: block.dict.status[block.status[i]!] as TxStatus,
      amount: block.amount[i]!,
      currency: block.dict.currency[block.currency[i]!]!,
      rail: block.dict.rail[block.rail[i]!] as Rail,
      railLabel: block.dict.railLabel[block.railLabel[i]!]!,
      paidAmount: block.paidAmount[i] ?? null,
      platformOrderId: block.platformOrderId[i]!,
      // Every row has a creation time: a null without its text is a block this layout does not make.
      createdAt: instantText(block.createdAt[i] ?? null, texts.createdAt.get(i)) ?? throwLayout(),
      completedAt: instantText(block.completedAt[i] ?? null, texts.completedAt.get(i)),
    });
  }
  return rows;
}

/**
 * Back to row objects; an answer in another layout is an error, never a silent mix-up of fields.
 * @internal
 */
export function decodeChunk(wire: TransactionChunkWire): TransactionChunkResponse {
  return withItems(wire, wire.blocks.flatMap(decodeBlock));
}

/** The chunk's state from its wire form, with `items` already decoded (wire-stream.ts reads blocks as they stream in). */
export function withItems<Item>(wire: TransactionChunkWire, items: Item[]): Omit<TransactionChunkResponse, "items"> & { items: Item[] } {
  checkLayout(wire.layout);
  const { layout: _layout, blocks: _blocks, ...chunk } = wire;
  return { ...chunk, items };
}

export function checkLayout(layout: unknown): void {
  if (layout !== WIRE_LAYOUT) throw layoutError();
}
