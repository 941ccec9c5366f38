import "server-only";
import type { Rail } from "@/lib/rails";
import type { TransactionRow, TxStatus, TxType } from "@/lib/transaction-row";
import { instantKey } from "@/features/transactions/instant-key";
import { grown } from "@/features/transactions/columns";
import { ScaledAmount, scaledText } from "@/features/transactions/minor-units";
import { canonicalMs, instantOf, type WireBlock } from "@/features/transactions/wire";

/** The fields held as store-wide codes into a growing dictionary of their values. */
const CODED = ["type", "status", "currency", "rail", "railLabel"] as const;
/** The most rows `reserve` makes room for at once: the million-row list issue 60 asks for, rounded up. */
const MAX_RESERVED_ROWS = 2 ** 20;
type Coded = (typeof CODED)[number];

/** The instants the store compares as numbers: years 0000–9999, where toISOString's text sorts as its ms. */
const FIRST_MS = Date.parse("0000-01-01T00:00:00.000Z");
const LAST_MS = Date.parse("9999-12-31T23:59:59.999Z");

/** Bits of `flags` per slot: createdAt's key is in `oddKeys`; an instant's text is in `texts`. */
const ODD_KEY = 1;
const CREATED_TEXT = 2;
const COMPLETED_TEXT = 4;

/** An instant's ms (NaN for none), and its text when that is not toISOString's form of the ms. */
function readInstant(text: string): { ms: number; text: string | null } {
  const read = instantOf(text);
  return { ms: read.ms ?? NaN, text: read.text };
}

/** A `scales` value past any real scale: the amount's text is in `texts` (scaledText would not write it back). */
const TEXT_ASIDE = 254;
/** A `scales` value for no amount (a paidAmount of null). */
const NO_AMOUNT = 255;
const reader = new ScaledAmount();
/** Trailing digits a reference keeps as a number: exact in a double. */
const REFERENCE_DIGITS = 15;

/**
 * An amount column as exact scaled integers (docs/decisions/0156): units in a Float64Array, the
 * scale as written in a Uint8Array, ~9 bytes a row instead of a string's ~40; a text the pair
 * would not write back byte for byte is kept as it is, aside.
 */
class AmountColumn {
  units: Float64Array;
  scales: Uint8Array;
  private readonly texts = new Map<number, string>();

  constructor(capacity: number) {
    this.units = new Float64Array(capacity);
    this.scales = new Uint8Array(capacity);
  }

  grow(capacity: number): void {
    this.units = grown(this.units, capacity);
    this.scales = grown(this.scales, capacity);
  }

  set(slot: number, text: string | null): void {
    if (this.scales[slot] === TEXT_ASIDE) this.texts.delete(slot);
    if (text === null) this.scales[slot] = NO_AMOUNT;
    else if (reader.read(text)) {
      this.units[slot] = reader.units;
      this.scales[slot] = reader.scale;
    } else {
      this.scales[slot] = TEXT_ASIDE;
      this.texts.set(slot, text);
    }
  }

  /** Whether the slot holds exactly `text`. */
  is(slot: number, text: string | null): boolean {
    const scale = this.scales[slot]!;
    if (text === null) return scale === NO_AMOUNT;
    if (scale === TEXT_ASIDE) return this.texts.get(slot) === text;
    return scale !== NO_AMOUNT && reader.read(text) && reader.scale === scale && reader.units === this.units[slot];
  }

  /** Whether the slot holds a plain amount equal, as written, to `other`'s in the same slot (a paid amount that is the amount). */
  same(slot: number, other: AmountColumn): boolean {
    const scale = this.scales[slot]!;
    return scale < TEXT_ASIDE && scale === other.scales[slot] && this.units[slot] === other.units[slot];
  }

  text(slot: number): string | null {
    const scale = this.scales[slot]!;
    if (scale === NO_AMOUNT) return null;
    if (scale === TEXT_ASIDE) return this.texts.get(slot)!;
    return scaledText(this.units[slot]!, scale);
  }
}

class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let at = this.codes.get(value);
    if (at === undefined) this.codes.set(value, (at = this.values.push(value) - 1));
    return at;
  }

  find(value: string): number | undefined {
    return this.codes.get(value);
  }
}

/** References kept as prefix + number while the store has at most this many prefixes; any other text aside. */
const MAX_PREFIXES = 4096;
/** A `widths` value for a reference kept aside as its text. */
const REFERENCE_ASIDE = 255;

/**
 * A reference column such as the platform order id ("BDP" and 14 digits): the text's prefix as a
 * code into a dictionary, its trailing digits (at most 15) as a number and how many they are
 * (leading zeros kept), ~11 bytes a row instead of a string's ~48 (docs/decisions/0156). A text
 * without trailing digits, or past MAX_PREFIXES prefixes, is kept as it is.
 */
class ReferenceColumn {
  prefixes: Uint16Array;
  numbers: Float64Array;
  widths: Uint8Array;
  private readonly dict = new Dictionary();
  private readonly texts = new Map<number, string>();

  constructor(capacity: number) {
    this.prefixes = new Uint16Array(capacity);
    this.numbers = new Float64Array(capacity);
    this.widths = new Uint8Array(capacity);
  }

  grow(capacity: number): void {
    this.prefixes = grown(this.prefixes, capacity);
    this.numbers = grown(this.numbers, capacity);
    this.widths = grown(this.widths, capacity);
  }

  set(slot: number, text: string): void {
    if (this.widths[slot] === REFERENCE_ASIDE) this.texts.delete(slot);
    const at = digitsFrom(text);
    const code = at === text.length ? undefined : this.prefixCode(text, at);
    if (code === undefined) {
      this.widths[slot] = REFERENCE_ASIDE;
      this.texts.set(slot, text);
      return;
    }
    this.prefixes[slot] = code;
    this.numbers[slot] = numberAt(text, at);
    this.widths[slot] = text.length - at;
  }

  is(slot: number, text: string): boolean {
    const width = this.widths[slot]!;
    if (width === REFERENCE_ASIDE) return this.texts.get(slot) === text;
    const at = digitsFrom(text);
    if (text.length - at !== width || numberAt(text, at) !== this.numbers[slot]) return false;
    const prefix = this.dict.values[this.prefixes[slot]!]!;
    return prefix.length === at && text.startsWith(prefix);
  }

  text(slot: number): string {
    const width = this.widths[slot]!;
    if (width === REFERENCE_ASIDE) return this.texts.get(slot)!;
    return this.dict.values[this.prefixes[slot]!]! + digitsText(this.numbers[slot]!, width);
  }

  /** The code of `text`'s first `at` characters; undefined past MAX_PREFIXES. A few prefixes are matched without a slice. */
  private prefixCode(text: string, at: number): number | undefined {
    const values = this.dict.values;
    if (values.length <= 16)
      for (let code = 0; code < values.length; code++) {
        const prefix = values[code]!;
        if (prefix.length === at && text.startsWith(prefix)) return code;
      }
    const prefix = text.slice(0, at);
    return values.length < MAX_PREFIXES ? this.dict.code(prefix) : this.dict.find(prefix);
  }
}

/** Where `text`'s trailing digits start (at most 15 of them); text.length when it ends in none. */
function digitsFrom(text: string): number {
  let at = text.length;
  while (at > 0 && text.length - at < REFERENCE_DIGITS) {
    const code = text.charCodeAt(at - 1);
    if (code < 48 || code > 57) break;
    at--;
  }
  return at;
}

/** `value` in `width` digits, leading zeros kept: as two int32 halves, which convert faster than one large number. */
function digitsText(value: number, width: number): string {
  if (width <= 9) return String(value).padStart(width, "0");
  let high = Math.floor(value / 1e9);
  if (high * 1e9 > value) high--;
  return String(high).padStart(width - 9, "0") + String(value - high * 1e9).padStart(9, "0");
}

/** The number the digits of `text` from `at` write (at most 15: exact in a double). */
function numberAt(text: string, at: number): number {
  let value = 0;
  for (let i = at; i < text.length; i++) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}

/**
 * Slot by id: open addressing over the store's ids (linear probing, at most half full), 8–16 bytes
 * an id where a Map entry took ~29 (docs/decisions/0156). The hash is FNV-1a over pairs of UTF-16 units, finalised.
 */
class SlotTable {
  private table = new Int32Array(2048);
  private size = 0;

  constructor(private readonly ids: readonly string[]) {}

  get(id: string): number | undefined {
    const { table, ids } = this;
    const mask = table.length - 1;
    for (let at = hashOf(id) & mask; ; at = (at + 1) & mask) {
      const entry = table[at]!;
      if (entry === 0) return undefined;
      if (ids[entry - 1] === id) return entry - 1;
    }
  }

  /** Adds `id` (not held yet) at `slot`. */
  add(id: string, slot: number): void {
    if (2 * (this.size + 1) > this.table.length) this.rehash(this.table.length * 2);
    this.place(hashOf(id), slot);
    this.size++;
  }

  /** Room for `ids` ids, at most half full, made now in one rehash. */
  reserve(ids: number): void {
    let length = this.table.length;
    while (2 * ids > length) length *= 2;
    if (length > this.table.length) this.rehash(length);
  }

  private place(hash: number, slot: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let at = hash & mask;
    while (table[at] !== 0) at = (at + 1) & mask;
    table[at] = slot + 1;
  }

  private rehash(length: number): void {
    const old = this.table;
    this.table = new Int32Array(length);
    for (const entry of old) if (entry !== 0) this.place(hashOf(this.ids[entry - 1]!), entry - 1);
  }
}

function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  const pairs = text.length & ~1;
  // Two UTF-16 units a step: half the multiplications; the finaliser below mixes what FNV does not.
  for (let i = 0; i < pairs; i += 2) hash = Math.imul(hash ^ ((text.charCodeAt(i) << 16) | text.charCodeAt(i + 1)), 0x01000193);
  if (pairs < text.length) hash = Math.imul(hash ^ text.charCodeAt(pairs), 0x01000193);
  // FNV's low bits mix poorly, and the table takes the low bits: murmur3's finaliser spreads them.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Numbers each change log's layout, across stores: a run's indices mean the same rows only within one. */
let layouts = 0;

/**
 * The change log's entries `start`..`end`: the rows current when the answer was made. Entries only
 * stop being current, so while `current()` is still `count` its block is the same text (decision 0154).
 */
export type ChangeRun = {
  /** The log's layout the indices belong to (a compaction or a new store makes another). */
  readonly layout: number;
  readonly start: number;
  readonly end: number;
  /** Whether `start` is a multiple of the run size: where every answer from the log's start cuts too. */
  readonly onBoundary: boolean;
  readonly count: number;
  /** The run's entries current now; -1 once the log has been compacted. */
  current(): number;
  /** The JSON text of a "columns/1" block (wire.ts) of the run's rows. */
  block(): string;
};

/**
 * The rows of one environment in columns (docs/decisions/0151), keyed by id so a row seen twice
 * (offsets shift while loading) is stored once. Every insert or change gets the next version, so a
 * browser holding version v asks only for what changed after v. A row lives in one slot for the
 * store's life; its five small fields are codes into store-wide dictionaries, its instants epoch ms
 * (the text kept aside only when it is not toISOString's), its amounts scaled integers (0156), its
 * version in a typed array.
 */
export class RowStore {
  private capacity = 1024;
  private count = 0;
  private readonly dict: Record<Coded, Dictionary> = {
    type: new Dictionary(),
    status: new Dictionary(),
    currency: new Dictionary(),
    rail: new Dictionary(),
    railLabel: new Dictionary(),
  };
  private codes: Record<Coded, Uint16Array> = {
    type: new Uint16Array(this.capacity),
    status: new Uint16Array(this.capacity),
    currency: new Uint16Array(this.capacity),
    rail: new Uint16Array(this.capacity),
    railLabel: new Uint16Array(this.capacity),
  };
  private readonly ids: string[] = [];
  private readonly slots = new SlotTable(this.ids);
  private readonly amount = new AmountColumn(this.capacity);
  private readonly paidAmount = new AmountColumn(this.capacity);
  private readonly orderIds = new ReferenceColumn(this.capacity);
  /** Epoch ms; NaN for a completedAt that is null or any instant whose text names none. */
  private created = new Float64Array(this.capacity);
  private completed = new Float64Array(this.capacity);
  private flags = new Uint8Array(this.capacity);
  /** Each slot's version: a log entry is current while its version is its slot's. */
  private versions = new Uint32Array(this.capacity);
  /** Texts of instants that are not toISOString of their ms, by slot. */
  private readonly texts = { createdAt: new Map<number, string>(), completedAt: new Map<number, string>() };
  /** createdAt's instant key where it is not compared as ms (an unusual text, or a year past 9999). */
  private readonly oddKeys = new Map<number, string>();
  /** The change log: slots in version order, superseded ones included until the next compaction. */
  private logSlots = new Int32Array(this.capacity);
  private logVersions = new Uint32Array(this.capacity);
  private logLength = 0;
  private layout = ++layouts;
  private current = 0;
  /** The last `newest` answer: every render of /transactions asks, and most find nothing changed. */
  private newestMemo: { version: number; limit: number; rows: TransactionRow[] } | null = null;

  get version(): number {
    return this.current;
  }

  get size(): number {
    return this.count;
  }

  has(id: string): boolean {
    return this.slots.get(id) !== undefined;
  }

  get(id: string): TransactionRow | undefined {
    const slot = this.slots.get(id);
    return slot === undefined ? undefined : this.row(slot);
  }

  /**
   * Says how many rows were changed (new ones included) and how many of those were new ids. A row
   * is unchanged when every §2.3 field equals its slot's. `onChange`, when given, is told of each
   * row that changed, and whether it is new.
   */
  merge(rows: readonly TransactionRow[], onChange?: (row: TransactionRow, fresh: boolean) => void): { changed: number; fresh: number } {
    let changed = 0;
    let fresh = 0;
    for (const row of rows) {
      let slot = this.slots.get(row.id);
      const isNew = slot === undefined;
      if (slot === undefined) {
        if (this.count === this.capacity) this.grow();
        slot = this.count++;
        this.slots.add(row.id, slot);
        this.ids.push(row.id);
        fresh++;
      } else if (this.same(slot, row)) continue;
      this.write(slot, row, isNew);
      this.versions[slot] = ++this.current;
      this.log(slot);
      onChange?.(row, isNew);
      changed++;
    }
    if (this.logLength > 2 * this.count + 1000) this.compact();
    return { changed, fresh };
  }

  private same(slot: number, row: TransactionRow): boolean {
    const { codes, dict } = this;
    return (
      this.amount.is(slot, row.amount) &&
      this.paidAmount.is(slot, row.paidAmount) &&
      this.orderIds.is(slot, row.platformOrderId) &&
      dict.status.values[codes.status[slot]!] === row.status &&
      dict.type.values[codes.type[slot]!] === row.type &&
      dict.currency.values[codes.currency[slot]!] === row.currency &&
      dict.rail.values[codes.rail[slot]!] === row.rail &&
      dict.railLabel.values[codes.railLabel[slot]!] === row.railLabel &&
      this.sameInstant(slot, "createdAt", row.createdAt) &&
      this.sameInstant(slot, "completedAt", row.completedAt)
    );
  }

  private sameInstant(slot: number, field: "createdAt" | "completedAt", text: string | null): boolean {
    if (this.flags[slot]! & (field === "createdAt" ? CREATED_TEXT : COMPLETED_TEXT)) return this.texts[field].get(slot) === text;
    const ms = (field === "createdAt" ? this.created : this.completed)[slot]!;
    // Without a text the slot holds toISOString's form of `ms` (or null for NaN).
    if (text === null) return Number.isNaN(ms);
    const read = readInstant(text);
    return read.text === null && read.ms === ms;
  }

  private write(slot: number, row: TransactionRow, fresh: boolean): void {
    const { codes, dict } = this;
    codes.type[slot] = dict.type.code(row.type);
    codes.status[slot] = dict.status.code(row.status);
    codes.currency[slot] = dict.currency.code(row.currency);
    codes.rail[slot] = dict.rail.code(row.rail);
    codes.railLabel[slot] = dict.railLabel.code(row.railLabel);
    this.amount.set(slot, row.amount);
    this.paidAmount.set(slot, row.paidAmount);
    this.orderIds.set(slot, row.platformOrderId);
    const created = readInstant(row.createdAt);
    let flags = 0;
    this.created[slot] = created.ms;
    if (created.text !== null) {
      flags |= CREATED_TEXT;
      this.texts.createdAt.set(slot, created.text);
    } else if (!fresh) this.texts.createdAt.delete(slot);
    // instantKey keeps a text of toISOString's shape as it is, even one that names another instant ("…T24:00…").
    if (created.text !== null || !(created.ms >= FIRST_MS && created.ms <= LAST_MS)) {
      flags |= ODD_KEY;
      this.oddKeys.set(slot, instantKey(row.createdAt));
    } else if (!fresh) this.oddKeys.delete(slot);
    const completed = row.completedAt === null ? { ms: NaN, text: null } : readInstant(row.completedAt);
    this.completed[slot] = completed.ms;
    if (completed.text !== null) {
      flags |= COMPLETED_TEXT;
      this.texts.completedAt.set(slot, completed.text);
    } else if (!fresh) this.texts.completedAt.delete(slot);
    this.flags[slot] = flags;
  }

  private instantText(slot: number, field: "createdAt" | "completedAt"): string | null {
    const flag = field === "createdAt" ? CREATED_TEXT : COMPLETED_TEXT;
    if (this.flags[slot]! & flag) return this.texts[field].get(slot)!;
    const ms = (field === "createdAt" ? this.created : this.completed)[slot]!;
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }

  private row(slot: number): TransactionRow {
    const { codes, dict } = this;
    return {
      id: this.ids[slot]!,
      type: dict.type.values[codes.type[slot]!] as TxType,
      status: dict.status.values[codes.status[slot]!] as TxStatus,
      amount: this.amount.text(slot)!,
      currency: dict.currency.values[codes.currency[slot]!]!,
      rail: dict.rail.values[codes.rail[slot]!] as Rail,
      railLabel: dict.railLabel.values[codes.railLabel[slot]!]!,
      paidAmount: this.paidAmount.text(slot),
      platformOrderId: this.orderIds.text(slot),
      createdAt: this.instantText(slot, "createdAt")!,
      completedAt: this.instantText(slot, "completedAt"),
    };
  }

  /**
   * Room for `rows` rows before they come (the list's total, once a page has said it): a load then
   * fills the columns and the id table without doubling and copying them on its way. The total is
   * the upstream's word, so the room made is capped; past it the store grows as rows arrive.
   */
  reserve(rows: number): void {
    const wanted = Math.min(rows, MAX_RESERVED_ROWS);
    let size = this.capacity;
    while (size < wanted) size *= 2;
    if (size > this.capacity) this.grow(size);
    if (this.logSlots.length < size) {
      this.logSlots = grown(this.logSlots, size);
      this.logVersions = grown(this.logVersions, size);
    }
    this.slots.reserve(wanted);
  }

  private grow(size = this.capacity * 2): void {
    for (const field of CODED) this.codes[field] = grown(this.codes[field], size);
    this.created = grown(this.created, size);
    this.completed = grown(this.completed, size);
    this.flags = grown(this.flags, size);
    this.versions = grown(this.versions, size);
    this.amount.grow(size);
    this.paidAmount.grow(size);
    this.orderIds.grow(size);
    this.capacity = size;
  }

  private log(slot: number): void {
    if (this.logLength === this.logSlots.length) {
      this.logSlots = grown(this.logSlots, this.logLength * 2);
      this.logVersions = grown(this.logVersions, this.logLength * 2);
    }
    this.logSlots[this.logLength] = slot;
    this.logVersions[this.logLength++] = this.current;
  }

  /** Rows changed after `since`, oldest change first, at most `limit`. */
  changesSince(since: number, limit: number): { items: TransactionRow[]; version: number; more: boolean } {
    const { slots, version, more } = this.changedSlots(since, limit);
    return { items: Array.from(slots, (slot) => this.row(slot)), version, more };
  }

  /**
   * `changesSince` as runs of the change log cut at multiples of `size` entries, each written as a
   * wire block straight from the columns (wire-body.ts), so an answer from the log's start (a new
   * viewer) is made of the same runs each time (encoded-blocks.ts keeps their bytes). A block is
   * written when the socket takes it, so a row merged again meanwhile goes out newer than `version`
   * says: harmless, as the reader gets it once more after `version` and replaces it.
   */
  changeRuns(since: number, limit: number, size: number): { runs: ChangeRun[]; version: number; more: boolean } {
    const runs: ChangeRun[] = [];
    let index = this.firstAfter(since);
    const slots = this.slotsRoom(index, limit);
    let found = 0;
    let version = since;
    let start = index;
    let first = 0;
    const close = (end: number) => {
      if (found > first) runs.push(this.run(start, end, start % size === 0, slots.subarray(first, found)));
      start = end;
      first = found;
    };
    for (; index < this.logLength && found < limit; index++) {
      if (index > start && index % size === 0) close(index);
      const slot = this.logSlots[index]!;
      version = this.logVersions[index]!;
      if (this.versions[slot] === version) slots[found++] = slot;
    }
    close(index);
    return { runs, version, more: index < this.logLength };
  }

  private run(start: number, end: number, onBoundary: boolean, slots: Int32Array): ChangeRun {
    const layout = this.layout;
    return {
      layout,
      start,
      end,
      onBoundary,
      count: slots.length,
      current: () => (layout === this.layout ? this.currentIn(start, end) : -1),
      block: () => this.block(slots),
    };
  }

  private currentIn(start: number, end: number): number {
    let current = 0;
    for (let index = start; index < end; index++) if (this.versions[this.logSlots[index]!] === this.logVersions[index]) current++;
    return current;
  }

  private changedSlots(since: number, limit: number): { slots: Int32Array; version: number; more: boolean } {
    let index = this.firstAfter(since);
    const out = this.slotsRoom(index, limit);
    let found = 0;
    let version = since;
    for (; index < this.logLength && found < limit; index++) {
      const slot = this.logSlots[index]!;
      version = this.logVersions[index]!;
      if (this.versions[slot] === version) out[found++] = slot;
    }
    return { slots: out.subarray(0, found), version, more: index < this.logLength };
  }

  /** One "columns/1" block's JSON (wire.ts), its dictionaries made from the store's codes. */
  private block(slots: Int32Array): string {
    const n = slots.length;
    const block: WireBlock = {
      n,
      dict: { type: [], status: [], currency: [], rail: [], railLabel: [] },
      type: new Array<number>(n),
      status: new Array<number>(n),
      currency: new Array<number>(n),
      rail: new Array<number>(n),
      railLabel: new Array<number>(n),
      id: new Array<string>(n),
      amount: new Array<string>(n),
      paidAmount: new Array<string | null>(n),
      platformOrderId: new Array<string>(n),
      createdAt: new Array<number | null>(n),
      completedAt: new Array<number | null>(n),
      text: [],
    };
    for (const field of CODED) {
      const storeCodes = this.codes[field];
      const values = this.dict[field].values;
      const blockCodes = new Int32Array(values.length).fill(-1);
      const out = block[field];
      const blockValues = block.dict[field];
      for (let i = 0; i < n; i++) {
        const code = storeCodes[slots[i]!]!;
        let at = blockCodes[code]!;
        if (at < 0) at = blockCodes[code] = blockValues.push(values[code]!) - 1;
        out[i] = at;
      }
    }
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      block.id[i] = this.ids[slot]!;
      const amount = this.amount.text(slot)!;
      block.amount[i] = amount;
      // Most paid amounts are the amount: one text for both.
      block.paidAmount[i] = this.paidAmount.same(slot, this.amount) ? amount : this.paidAmount.text(slot);
      block.platformOrderId[i] = this.orderIds.text(slot);
      const created = this.created[slot]!;
      const completed = this.completed[slot]!;
      block.createdAt[i] = Number.isNaN(created) ? null : created;
      block.completedAt[i] = Number.isNaN(completed) ? null : completed;
      const flags = this.flags[slot]!;
      if (flags & CREATED_TEXT) block.text.push(["createdAt", i, this.texts.createdAt.get(slot)!]);
      if (flags & COMPLETED_TEXT) block.text.push(["completedAt", i, this.texts.completedAt.get(slot)!]);
    }
    return JSON.stringify(block);
  }

  /** createdAt's instant key (instant-key.ts) of a slot, as a string. */
  private key(slot: number): string {
    return this.flags[slot]! & ODD_KEY ? this.oddKeys.get(slot)! : new Date(this.created[slot]!).toISOString();
  }

  /** Whether slot `a`'s createdAt key sorts after `b`'s: as ms where both are plain, as strings otherwise. */
  private newer(a: number, b: number): boolean {
    if ((this.flags[a]! | this.flags[b]!) & ODD_KEY) return this.key(a) > this.key(b);
    return this.created[a]! > this.created[b]!;
  }

  /** The `limit` newest rows by createdAt, newest first: one pass, no sort of every row. */
  newest(limit: number): TransactionRow[] {
    const memo = this.newestMemo;
    if (memo && memo.version === this.current && memo.limit === limit) return memo.rows;
    const top: number[] = [];
    for (let slot = 0; slot < this.count; slot++) {
      if (top.length === limit && !this.newer(slot, top[limit - 1]!)) continue;
      let at = top.length;
      while (at > 0 && this.newer(slot, top[at - 1]!)) at--;
      top.splice(at, 0, slot);
      if (top.length > limit) top.pop();
    }
    const rows = top.map((slot) => this.row(slot));
    this.newestMemo = { version: this.current, limit, rows };
    return rows;
  }

  /**
   * The rows one of whose free texts (id, platform order id, amount, paid amount) passes
   * `prefilter` (a cheap test, such as "is this text"), decoded, that `test` accepts: a search
   * decodes only the rows that may match.
   */
  scan<T>(prefilter: (text: string) => boolean, test: (row: TransactionRow) => T | null): { row: TransactionRow; match: T }[] {
    const out: { row: TransactionRow; match: T }[] = [];
    for (let slot = 0; slot < this.count; slot++) {
      if (!prefilter(this.ids[slot]!) && !prefilter(this.orderIds.text(slot)) && !prefilter(this.amount.text(slot)!)) {
        const paid = this.paidAmount.same(slot, this.amount) ? null : this.paidAmount.text(slot);
        if (paid === null || !prefilter(paid)) continue;
      }
      const row = this.row(slot);
      const match = test(row);
      if (match !== null) out.push({ row, match });
    }
    return out;
  }

  /** The pending rows' ids and createdAt keys: what a refresh needs to find them upstream, no row decoded. */
  pending(): { id: string; createdAtKey: string }[] {
    const out: { id: string; createdAtKey: string }[] = [];
    const code = this.dict.status.find("pending");
    if (code === undefined) return out;
    const status = this.codes.status;
    for (let slot = 0; slot < this.count; slot++)
      if (status[slot] === code) out.push({ id: this.ids[slot]!, createdAtKey: this.key(slot) });
    return out;
  }

  /**
   * For each of `keys` (createdAt instant keys), how many rows are strictly newer: its rank in the
   * newest-first list, which says what page a pending row sits on now. One pass over the rows with
   * a binary search among the few keys asked about, as ms where the keys and the row allow it.
   */
  newerThan(keys: readonly string[]): number[] {
    const sorted = [...new Set(keys)].sort();
    const sortedMs = sorted.map(canonicalMs);
    const allMs = sortedMs.every((ms) => ms >= FIRST_MS && ms <= LAST_MS);
    // rowsAbove[i]: rows newer than exactly the first i sorted keys.
    const rowsAbove = new Array<number>(sorted.length + 1).fill(0);
    for (let slot = 0; slot < this.count; slot++) {
      const below = allMs && !(this.flags[slot]! & ODD_KEY) ? keysBelow(sortedMs, this.created[slot]!) : keysBelow(sorted, this.key(slot));
      rowsAbove[below]! += 1;
    }
    const newer = new Map<string, number>();
    let count = 0;
    for (let i = sorted.length - 1; i >= 0; i--) {
      count += rowsAbove[i + 1]!;
      newer.set(sorted[i]!, count);
    }
    return keys.map((key) => newer.get(key)!);
  }

  /**
   * Room for the current slots of the log from `index`, at most `limit`: sized by what is left of
   * the log, so the many answers that find little or nothing new (a long poll woken by one row, a
   * second tab) do not each zero an array of the whole list.
   */
  private slotsRoom(index: number, limit: number): Int32Array {
    return new Int32Array(Math.max(0, Math.min(limit, this.count, this.logLength - index)));
  }

  private firstAfter(since: number): number {
    let lo = 0;
    let hi = this.logLength;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.logVersions[mid]! <= since) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compact(): void {
    let kept = 0;
    for (let i = 0; i < this.logLength; i++) {
      const slot = this.logSlots[i]!;
      if (this.versions[slot] !== this.logVersions[i]) continue;
      this.logSlots[kept] = slot;
      this.logVersions[kept++] = this.logVersions[i]!;
    }
    this.logLength = kept;
    this.layout = ++layouts;
  }
}

/** How many of the ascending `sorted` keys (strings, or ms) are strictly below `key`. */
function keysBelow<Key extends string | number>(sorted: readonly Key[], key: Key): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
