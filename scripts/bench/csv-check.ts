// Issue 60's "a filtered CSV matches the full export's matching rows", at the bench's sizes: the
// two files the page saved, compared record by record as they stream from disk (a million-row
// export is ~150 MB, so neither is held whole). Records follow RFC 4180 (features/transactions/csv.ts):
// CRLF ends a record unless it is inside a quoted cell.
import { createReadStream } from "node:fs";

/** The records of a CSV text given in pieces of any size, without their CRLF. */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let carry = "";
  // A record whose quotes are still open (a CRLF inside a cell), and whether they are.
  let open: string | null = null;
  for await (const chunk of chunks) {
    const parts = (carry + chunk).split("\r\n");
    carry = parts.pop()!;
    for (const part of parts) {
      open = open === null ? part : `${open}\r\n${part}`;
      if (quotesBalanced(open)) {
        yield open;
        open = null;
      }
    }
  }
  if (open !== null || carry !== "") yield open === null ? carry : `${open}\r\n${carry}`;
}

function quotesBalanced(text: string): boolean {
  let quotes = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) quotes += 1;
  return quotes % 2 === 0;
}

/** One record's cells, quotes removed ("a ""b""" → a "b"). */
export function csvFields(record: string): string[] {
  if (!record.includes('"')) return record.split(",");
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const c = record[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (record[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The filter the check applies, as column → the one value it keeps (status, currency). */
export type CsvFilter = Record<string, string>;

export type CsvComparison = {
  headerEqual: boolean;
  /** Data records of each file. */
  fullRows: number;
  filteredRows: number;
  /** Records of the full export the filter keeps. */
  matchingRows: number;
  /** Where the files first part ways, null when they agree. */
  firstDifference: string | null;
};

/** Met: the same header, and the filtered file is exactly the full file's matching records, in order (and not empty). */
export const csvMatches = (c: CsvComparison) =>
  c.headerEqual && c.firstDifference === null && c.matchingRows === c.filteredRows && c.filteredRows > 0;

/** A file's first record (its header), "" for an empty file. */
async function firstRecord(records: AsyncIterator<string>): Promise<string> {
  const first = await records.next();
  return first.done ? "" : first.value;
}

/**
 * Walks the full export once: each record the filter keeps must be the filtered export's next
 * record, character for character. Counts every record of both, whatever the first difference.
 */
export async function compareFilteredCsv(
  full: AsyncIterable<string>,
  filtered: AsyncIterable<string>,
  filter: CsvFilter,
): Promise<CsvComparison> {
  const fullRecords = full[Symbol.asyncIterator]();
  const filteredRecords = filtered[Symbol.asyncIterator]();
  const header = await firstRecord(fullRecords);
  const filteredHeader = await firstRecord(filteredRecords);
  const columns = csvFields(header);
  const wanted = Object.entries(filter).map(([column, value]) => [columns.indexOf(column), value] as const);
  const result: CsvComparison = {
    headerEqual: header === filteredHeader,
    fullRows: 0,
    filteredRows: 0,
    matchingRows: 0,
    firstDifference: null,
  };
  const differ = (why: string) => void (result.firstDifference ??= why);
  if (wanted.some(([index]) => index === -1)) differ(`the header has no ${Object.keys(filter).join(" or ")} column`);
  for (let next = await fullRecords.next(); !next.done; next = await fullRecords.next()) {
    result.fullRows += 1;
    const fields = csvFields(next.value);
    if (!wanted.every(([index, value]) => fields[index] === value)) continue;
    result.matchingRows += 1;
    const mine = await filteredRecords.next();
    if (mine.done) {
      differ(`the filtered file ends after ${result.filteredRows} rows; the full file's row ${result.fullRows} matches`);
      continue;
    }
    result.filteredRows += 1;
    if (mine.value !== next.value)
      differ(`filtered row ${result.filteredRows} is not the full file's row ${result.fullRows}, the next one matching`);
  }
  for (let rest = await filteredRecords.next(); !rest.done; rest = await filteredRecords.next()) {
    result.filteredRows += 1;
    differ(`filtered row ${result.filteredRows} matches no further row of the full file`);
  }
  return result;
}

/** A saved file's text in 1 MB pieces (the stream decodes UTF-8 across their edges). */
export const fileText = (file: string): AsyncIterable<string> =>
  createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 }) as AsyncIterable<string>;
