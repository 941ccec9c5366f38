import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { transactionsToCsv } from "@/features/transactions/csv";
import { TRANSACTION_FIELDS, type TransactionRow } from "@/lib/transaction-row";
import { compareFilteredCsv, csvFields, csvMatches, csvRecords, fileText } from "../../scripts/bench/csv-check";

async function* pieces(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function all(records: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const record of records) out.push(record);
  return out;
}

function row(n: number, status: TransactionRow["status"], currency: string, platformOrderId = `ord-${n}`): TransactionRow {
  return {
    id: `tx_${n}`,
    type: "payin",
    status,
    amount: `${n}.50`,
    currency,
    rail: "bangladesh",
    railLabel: "Bangladesh",
    paidAmount: status === "success" ? `${n}.50` : null,
    platformOrderId,
    createdAt: "2026-12-01T00:00:00.000Z",
    completedAt: null,
  };
}

const ROWS = [
  row(1, "success", "BDT"),
  row(2, "failed", "BDT"),
  // A reference holding a comma, a quote and a line break: quoted, one record over two lines.
  row(3, "success", "BDT", 'a,"b"\r\nc'),
  row(4, "success", "INR"),
  row(5, "success", "BDT", "=cmd"),
];
const FILTER = { status: "success", currency: "BDT" };
const keep = (r: TransactionRow) => r.status === "success" && r.currency === "BDT";
const full = transactionsToCsv(ROWS);
const filtered = transactionsToCsv(ROWS.filter(keep));

describe("csvRecords and csvFields (the bench's CSV check)", () => {
  it("splits the app's own CSV into records whatever the pieces, a CRLF inside quotes staying in its cell", async () => {
    for (const size of [1, 2, 7, 64, full.length]) {
      const records = await all(csvRecords(pieces(full, size)));
      expect(records).toHaveLength(ROWS.length + 1);
      expect(csvFields(records[3]!)[8]).toBe('a,"b"\r\nc');
      expect(csvFields(records[5]!)[8]).toBe("'=cmd");
    }
  });

  it("reads each cell as written, the header naming the columns", async () => {
    const [header, first] = await all(csvRecords(pieces(full, 5)));
    expect(csvFields(header!)).toEqual([...TRANSACTION_FIELDS]);
    expect(csvFields(first!)).toEqual([
      "tx_1",
      "payin",
      "success",
      "1.50",
      "BDT",
      "bangladesh",
      "Bangladesh",
      "1.50",
      "ord-1",
      "2026-12-01T00:00:00.000Z",
      "",
    ]);
    expect(csvFields('"",x,"y"')).toEqual(["", "x", "y"]);
  });

  it("keeps a last record without its CRLF", async () => {
    expect(await all(csvRecords(pieces("a,b\r\nc,d", 3)))).toEqual(["a,b", "c,d"]);
  });
});

describe("compareFilteredCsv", () => {
  const compare = (a: string, b: string) => compareFilteredCsv(csvRecords(pieces(a, 11)), csvRecords(pieces(b, 13)), FILTER);

  it("is met when the filtered file is exactly the full file's matching rows, in order", async () => {
    const result = await compare(full, filtered);
    expect(result).toEqual({ headerEqual: true, fullRows: 5, filteredRows: 3, matchingRows: 3, firstDifference: null });
    expect(csvMatches(result)).toBe(true);
  });

  it("fails on a row missing, one too many, one out of order, one changed, or another header", async () => {
    const kept = ROWS.filter(keep);
    const missing = await compare(full, transactionsToCsv(kept.slice(0, 2)));
    expect(missing.firstDifference).toContain("the filtered file ends after 2 rows");
    expect(csvMatches(missing)).toBe(false);

    const extra = await compare(full, transactionsToCsv([...kept, row(9, "success", "BDT")]));
    expect(extra).toMatchObject({ filteredRows: 4, matchingRows: 3 });
    expect(extra.firstDifference).toContain("filtered row 4 matches no further row");
    expect(csvMatches(extra)).toBe(false);

    const swapped = await compare(full, transactionsToCsv([kept[1]!, kept[0]!, kept[2]!]));
    expect(swapped.firstDifference).toBe("filtered row 1 is not the full file's row 1, the next one matching");

    const changed = await compare(full, transactionsToCsv([kept[0]!, { ...kept[1]!, amount: "3.51" }, kept[2]!]));
    expect(changed.firstDifference).toBe("filtered row 2 is not the full file's row 3, the next one matching");

    const otherHeader = await compare(full, filtered.replace("completedAt", "completed"));
    expect(otherHeader.headerEqual).toBe(false);
    expect(csvMatches(otherHeader)).toBe(false);
  });

  it("is not met when nothing matches, or the filter names no column", async () => {
    const none = await compareFilteredCsv(csvRecords(pieces(full, 100)), csvRecords(pieces(transactionsToCsv([]), 100)), {
      status: "pending",
    });
    expect(none).toMatchObject({ fullRows: 5, filteredRows: 0, matchingRows: 0, firstDifference: null });
    expect(csvMatches(none)).toBe(false);
    const unknown = await compareFilteredCsv(csvRecords(pieces(full, 100)), csvRecords(pieces(filtered, 100)), { pocket: "BDT" });
    expect(unknown.firstDifference).toBe("the header has no pocket column");
  });

  it("streams saved files from disk", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "bench-csv-"));
    try {
      // Over 1 MB: multi-byte text across the read stream's pieces is decoded whole.
      const rows = Array.from({ length: 12_000 }, (_, i) => row(i, i % 3 ? "success" : "failed", i % 2 ? "BDT" : "INR", `ñ€-${i}`));
      await writeFile(path.join(dir, "full.csv"), transactionsToCsv(rows));
      await writeFile(path.join(dir, "filtered.csv"), transactionsToCsv(rows.filter(keep)));
      const result = await compareFilteredCsv(
        csvRecords(fileText(path.join(dir, "full.csv"))),
        csvRecords(fileText(path.join(dir, "filtered.csv"))),
        FILTER,
      );
      expect(result).toEqual({ headerEqual: true, fullRows: 12_000, filteredRows: 4000, matchingRows: 4000, firstDifference: null });
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
