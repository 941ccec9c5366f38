// The compact form of `GET /api/transactions`: each row is an array of its §2.3
// values in WIRE_FIELDS order instead of an object repeating 11 keys. A 100,000-row
// list is ~40% fewer bytes to gzip, send and JSON.parse, and the BFF serialises each
// row once (row-store.ts) for every tab that reads it. Browser-safe.
import type { Rail } from "@/lib/rails";
import { TRANSACTION_FIELDS, type TransactionChunkResponse, type TransactionRow, type TxStatus, type TxType } from "@/lib/transaction-row";

export const WIRE_FIELDS = TRANSACTION_FIELDS;

/**
 * Rows per answer the browser asks for (and the most one answer carries). The worker parses off
 * the main thread, so what costs is each round trip: a second viewer gets a warm list in one answer
 * instead of 20 (docs/decisions/0126). A load still answers every BATCH_SETTLE_MS.
 */
export const WIRE_CHUNK_ROWS = 100_000;

/**
 * The answer is one JSON text laid out in lines: the chunk's fields up to `"rows":[`, then lines of
 * whole rows (every line after the first starting with the comma that joins it on), then `]}`.
 * JSON.stringify escapes every line break inside a value, so a raw one only ever falls between
 * rows, and the worker parses each line of rows as it arrives (wire-stream.ts) instead of the
 * whole 17.5 MB after the last byte. To any other reader it is ordinary JSON.
 */
export const WIRE_LINE_BREAK = "\n";

export type WireRow = [
  id: string,
  type: TxType,
  status: TxStatus,
  amount: string,
  currency: string,
  rail: Rail,
  railLabel: string,
  paidAmount: string | null,
  platformOrderId: string,
  createdAt: string,
  completedAt: string | null,
];

/** The answer as sent: the chunk's fields, with `rows` (tuples, described by `fields`) instead of `items`. */
export type TransactionChunkWire = Omit<TransactionChunkResponse, "items"> & { fields: readonly string[]; rows: WireRow[] };

export function toWireRow(row: TransactionRow): WireRow {
  return [
    row.id,
    row.type,
    row.status,
    row.amount,
    row.currency,
    row.rail,
    row.railLabel,
    row.paidAmount,
    row.platformOrderId,
    row.createdAt,
    row.completedAt,
  ];
}

export function fromWireRow(w: WireRow): TransactionRow {
  return {
    id: w[0],
    type: w[1],
    status: w[2],
    amount: w[3],
    currency: w[4],
    rail: w[5],
    railLabel: w[6],
    paidAmount: w[7],
    platformOrderId: w[8],
    createdAt: w[9],
    completedAt: w[10],
  };
}

/** Back to row objects; a server speaking another column order is an error, never a silent mix-up of fields. */
export function decodeChunk(wire: TransactionChunkWire): TransactionChunkResponse {
  return withItems(wire, wire.rows.map(fromWireRow));
}

/** The chunk's state from its wire form, with `items` already decoded (wire-stream.ts prepares them line by line). */
export function withItems<Item>(wire: TransactionChunkWire, items: Item[]): Omit<TransactionChunkResponse, "items"> & { items: Item[] } {
  checkLayout(wire.fields);
  const { fields: _fields, rows: _rows, ...chunk } = wire;
  return { ...chunk, items };
}

export function checkLayout(fields: readonly string[]): void {
  if (fields.length !== WIRE_FIELDS.length || fields.some((field, i) => field !== WIRE_FIELDS[i])) {
    throw new Error("The transactions answer has an unexpected column layout; reload the page.");
  }
}
