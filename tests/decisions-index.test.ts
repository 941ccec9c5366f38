import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The index of docs/decisions/ is edited by hand, often by merges of parallel branches: the
// merges of 2026-12-07 left 0148 three times (two rows linking a file that does not exist).
const DIR = path.join(__dirname, "..", "docs", "decisions");
const index = readFileSync(path.join(DIR, "README.md"), "utf8");
const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\)/gm)].map(([, number, file]) => ({ number: number!, file: file! }));
const records = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));

describe("the decisions index", () => {
  it("lists every record once, in number order, each row linking its own file", () => {
    expect(rows.map((row) => row.file)).toEqual([...records].sort());
    for (const row of rows) expect(row.file.startsWith(`${row.number}-`)).toBe(true);
  });

  it("gives each number to one record", () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
