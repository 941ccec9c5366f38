import "server-only";
import type { TransactionRow } from "@/lib/transaction-row";
import { instantKey } from "@/features/transactions/instant-key";
import { TRANSACTION_FIELDS } from "@/lib/transaction-row";

/** A row's values in TRANSACTION_FIELDS order: the store's flat form of it. */
type Tuple = TransactionRow[keyof TransactionRow][];

const toTuple = (row: TransactionRow): Tuple => TRANSACTION_FIELDS.map((field) => row[field]);

const fromTuple = (tuple: Tuple): TransactionRow =>
  Object.fromEntries(TRANSACTION_FIELDS.map((field, i) => [field, tuple[i]])) as TransactionRow;

/**
 * One row as the store holds it: its wire JSON, made once and sent as is, plus what the store reads
 * without decoding it. A string, not an object: one heap object instead of twelve to promote (the
 * BFF's CPU ~7% lower on a 100,000-row load, docs/decisions/0126). `key`: createdAt as an instant
 * key, the API's own string in the usual case (Date.parse per row cost ~100 ms at 100,000 rows).
 */
class Entry {
  /** Set when a newer version of the row replaces this one; the change log skips it from then on. */
  superseded = false;

  constructor(
    readonly wire: string,
    readonly version: number,
    readonly key: string,
    readonly pending: boolean,
  ) {}

  row(): TransactionRow {
    // The store's own serialisation of a checked row: nothing to validate again.
    return fromTuple(JSON.parse(this.wire) as Tuple);
  }
}

/**
 * The rows of one environment, keyed by id so a row seen twice (offsets shift
 * while loading) is stored once. Every insert or change gets the next version,
 * so a browser holding version v asks only for what changed after v.
 */
export class RowStore {
  private readonly entries = new Map<string, Entry>();
  /**
   * Every entry in the order it was made (so by version), superseded ones included until the next
   * compaction. The entries themselves, not records pointing at them: no object per change beside
   * the entry, and no lookup by id when an answer is collected.
   */
  private log: Entry[] = [];
  private current = 0;
  /** The last `newest` answer: every render of /transactions asks, and most find nothing changed. */
  private newestMemo: { version: number; limit: number; rows: TransactionRow[] } | null = null;

  get version(): number {
    return this.current;
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): TransactionRow | undefined {
    return this.entries.get(id)?.row();
  }

  /**
   * Says how many rows were changed (new ones included) and how many of those were new ids. A row
   * is unchanged when its wire form is the same, every §2.3 field compared. `onChange`, when given,
   * is told of each row that changed, and whether it is new.
   */
  merge(rows: readonly TransactionRow[], onChange?: (row: TransactionRow, fresh: boolean) => void): { changed: number; fresh: number } {
    let changed = 0;
    let fresh = 0;
    for (const row of rows) {
      const existing = this.entries.get(row.id);
      const wire = JSON.stringify(toTuple(row));
      if (existing?.wire === wire) continue;
      if (existing) existing.superseded = true;
      else fresh++;
      const entry = new Entry(wire, ++this.current, instantKey(row.createdAt), row.status === "pending");
      this.entries.set(row.id, entry);
      this.log.push(entry);
      onChange?.(row, existing === undefined);
      changed++;
    }
    if (this.log.length > 2 * this.entries.size + 1000) this.compact();
    return { changed, fresh };
  }

  /** Rows changed after `since`, oldest change first, at most `limit`. */
  changesSince(since: number, limit: number): { items: TransactionRow[]; version: number; more: boolean } {
    return this.collect(since, limit, (entry) => entry.row());
  }

  private collect<T>(since: number, limit: number, pick: (entry: Entry) => T): { items: T[]; version: number; more: boolean } {
    const items: T[] = [];
    let version = since;
    let index = this.firstAfter(since);
    for (; index < this.log.length && items.length < limit; index++) {
      const entry = this.log[index]!;
      if (!entry.superseded) items.push(pick(entry));
      version = entry.version;
    }
    return { items, version, more: index < this.log.length };
  }

  /** The `limit` newest rows by createdAt, newest first: one pass, no sort of every row. */
  newest(limit: number): TransactionRow[] {
    const memo = this.newestMemo;
    if (memo && memo.version === this.current && memo.limit === limit) return memo.rows;
    const top: Entry[] = [];
    for (const entry of this.entries.values()) {
      if (top.length === limit && entry.key <= top[limit - 1]!.key) continue;
      let at = top.length;
      while (at > 0 && top[at - 1]!.key < entry.key) at--;
      top.splice(at, 0, entry);
      if (top.length > limit) top.pop();
    }
    const rows = top.map((entry) => entry.row());
    this.newestMemo = { version: this.current, limit, rows };
    return rows;
  }

  /**
   * The rows whose wire form passes `prefilter` (a cheap test on the string, such as "holds this
   * text"), decoded, that `test` accepts: a search decodes only the rows that may match.
   */
  scan<T>(prefilter: (wire: string) => boolean, test: (row: TransactionRow) => T | null): { row: TransactionRow; match: T }[] {
    const out: { row: TransactionRow; match: T }[] = [];
    for (const entry of this.entries.values()) {
      if (!prefilter(entry.wire)) continue;
      const row = entry.row();
      const match = test(row);
      if (match !== null) out.push({ row, match });
    }
    return out;
  }

  /** The pending rows' ids and createdAt keys: what a refresh needs to find them upstream, no row decoded. */
  pending(): { id: string; createdAtKey: string }[] {
    const out: { id: string; createdAtKey: string }[] = [];
    for (const [id, entry] of this.entries) if (entry.pending) out.push({ id, createdAtKey: entry.key });
    return out;
  }

  /**
   * For each of `keys` (createdAt instant keys), how many rows are strictly newer: its rank in the
   * newest-first list, which says what page a pending row sits on now. One pass over the rows with
   * a binary search among the few keys asked about; sorting 100,000 keys to rank a handful was
   * ~26 ms of the event loop (and a 100,000-entry array for the collector) on every refresh.
   */
  newerThan(keys: readonly string[]): number[] {
    const sorted = [...new Set(keys)].sort();
    // rowsAbove[i]: rows newer than exactly the first i sorted keys.
    const rowsAbove = new Array<number>(sorted.length + 1).fill(0);
    for (const entry of this.entries.values()) rowsAbove[keysBelow(sorted, entry.key)]! += 1;
    const newer = new Map<string, number>();
    let count = 0;
    for (let i = sorted.length - 1; i >= 0; i--) {
      count += rowsAbove[i + 1]!;
      newer.set(sorted[i]!, count);
    }
    return keys.map((key) => newer.get(key)!);
  }

  private firstAfter(since: number): number {
    let lo = 0;
    let hi = this.log.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.log[mid]!.version <= since) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compact(): void {
    this.log = this.log.filter((entry) => !entry.superseded);
  }
}

/** How many of the ascending `sorted` keys are strictly below `key`. */
function keysBelow(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
