// The worker's list in columns (docs/decisions/0149): one slot per row, arrival order. Type,
// status, currency, rail and rail label are store-wide codes in typed arrays; instants are epoch
// ms in Float64Arrays (NaN for none), with the API's own text kept only where it is not
// toISOString's; ids, references and amounts stay strings (amounts exact, never floats). A
// million rows fit in ~100 MB instead of ~420 MB of row objects. Browser-safe.
import { orderKey } from "./decimal-compare";
import { checkBlock, type WireBlock } from "./wire";
import { type Rail } from "@/lib/rails";
import { TX_STATUSES, TX_TYPES, type TransactionRow, type TxStatus, type TxType } from "@/lib/transaction-row";

/** Coded columns whose values the store learns as blocks arrive (type and status are TX_TYPES / TX_STATUSES indexes). */
type Learned = "currency" | "rail" | "railLabel";
type Instant = "createdAt" | "completedAt";

const INITIAL_CAPACITY = 1024;

/** Blocks already checked whole: the reader checks each as it streams in, and the store need not again (~90 ms per 100,000 rows). */
const checked = new WeakSet<WireBlock>();

/** `checkBlock`, once per block object. */
export function checkOnce(block: WireBlock): void {
  if (checked.has(block)) return;
  checkBlock(block);
  checked.add(block);
}

/** A copy of `array` with room for `capacity` values (the stores grow by doubling). */
export function grown<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}

export class ColumnStore {
  /** Rows held: slots 0 … size - 1. */
  size = 0;
  private capacity = INITIAL_CAPACITY;
  type = new Uint8Array(INITIAL_CAPACITY);
  status = new Uint8Array(INITIAL_CAPACITY);
  currency = new Uint16Array(INITIAL_CAPACITY);
  rail = new Uint16Array(INITIAL_CAPACITY);
  railLabel = new Uint16Array(INITIAL_CAPACITY);
  /** Epoch ms; NaN when the row has none or its text names no instant. */
  createdAt = new Float64Array(INITIAL_CAPACITY);
  completedAt = new Float64Array(INITIAL_CAPACITY);
  /** Slots whose instant text is not toISOString of the ms (another offset, precision, or none): few. */
  readonly instantText: Record<Instant, Map<number, string>> = { createdAt: new Map(), completedAt: new Map() };
  readonly id: string[] = [];
  readonly platformOrderId: string[] = [];
  readonly amount: string[] = [];
  readonly paidAmount: (string | null)[] = [];
  /** Each learned column's values; a code is an index into its list, stable for the store's life. */
  readonly values: Record<Learned, string[]> = { currency: [], rail: [], railLabel: [] };
  /** Each rail's label as first seen (the chips' names). */
  readonly firstLabel = new Map<string, string>();
  private readonly codes: Record<Learned, Map<string, number>> = { currency: new Map(), rail: new Map(), railLabel: new Map() };
  private readonly slotOf = new Map<string, number>();
  /** Slots 0 … arrival.length - 1 in order, shared by every RowList of the whole store (subarrays, no copies). */
  private arrival = new Uint32Array(0);
  private amountKeys: Float64Array | null = null;
  private amountKeyed = 0;

  /**
   * Takes `block` in (checked whole first: a bad block changes nothing). A new id gets the next
   * slot; a held id whose row differs in any field gets its new values; an unchanged one is skipped.
   * Returns the slots that changed (not the new ones).
   */
  ingest(block: WireBlock): number[] {
    checkOnce(block);
    const texts: Record<Instant, Map<number, string>> = { createdAt: new Map(), completedAt: new Map() };
    for (const [field, row, text] of block.text) texts[field].set(row, text);
    // Every row has a creation time (decodeBlock refuses the same): refused before anything changes.
    for (let i = 0; i < block.n; i++)
      if (block.createdAt[i] === null && !texts.createdAt.has(i))
        throw new Error("The transactions answer has an unexpected layout; reload the page.");
    const types = block.dict.type.map((t) => TX_TYPES.indexOf(t as TxType));
    const statuses = block.dict.status.map((s) => TX_STATUSES.indexOf(s as TxStatus));
    const currencies = this.codesOf("currency", block.dict.currency);
    const rails = this.codesOf("rail", block.dict.rail);
    const labels = this.codesOf("railLabel", block.dict.railLabel);
    const changed: number[] = [];
    for (let i = 0; i < block.n; i++) {
      const id = block.id[i]!;
      let slot = this.slotOf.get(id);
      const type = types[block.type[i]!]!;
      const status = statuses[block.status[i]!]!;
      const currency = currencies[block.currency[i]!]!;
      const rail = rails[block.rail[i]!]!;
      const label = labels[block.railLabel[i]!]!;
      const created = block.createdAt[i] ?? NaN;
      const completed = block.completedAt[i] ?? NaN;
      const createdText = texts.createdAt.get(i);
      const completedText = texts.completedAt.get(i);
      if (slot === undefined) {
        if (this.size === this.capacity) this.grow();
        slot = this.size++;
        this.slotOf.set(id, slot);
        this.id.push(id);
        this.amount.push("");
        this.paidAmount.push(null);
        this.platformOrderId.push("");
      } else if (
        this.type[slot] === type &&
        this.status[slot] === status &&
        this.currency[slot] === currency &&
        this.rail[slot] === rail &&
        this.railLabel[slot] === label &&
        Object.is(this.createdAt[slot], created) &&
        Object.is(this.completedAt[slot], completed) &&
        this.instantText.createdAt.get(slot) === createdText &&
        this.instantText.completedAt.get(slot) === completedText &&
        this.amount[slot] === block.amount[i] &&
        this.paidAmount[slot] === block.paidAmount[i] &&
        this.platformOrderId[slot] === block.platformOrderId[i]
      ) {
        continue;
      } else {
        changed.push(slot);
      }
      const railName = this.values.rail[rail]!;
      if (railName !== "unknown" && !this.firstLabel.has(railName)) this.firstLabel.set(railName, this.values.railLabel[label]!);
      this.type[slot] = type;
      this.status[slot] = status;
      this.currency[slot] = currency;
      this.rail[slot] = rail;
      this.railLabel[slot] = label;
      this.createdAt[slot] = created;
      this.completedAt[slot] = completed;
      this.setText("createdAt", slot, createdText);
      this.setText("completedAt", slot, completedText);
      this.amount[slot] = block.amount[i]!;
      this.paidAmount[slot] = block.paidAmount[i] ?? null;
      this.platformOrderId[slot] = block.platformOrderId[i]!;
      if (this.amountKeys !== null && slot < this.amountKeyed) this.amountKeys[slot] = orderKey(block.amount[i]!);
    }
    return changed;
  }

  /** Slots 0 … count - 1, in arrival order. */
  slotsUpTo(count: number): Uint32Array {
    if (this.arrival.length < count) {
      const next = new Uint32Array(Math.max(count, this.arrival.length * 2));
      for (let slot = 0; slot < next.length; slot++) next[slot] = slot;
      this.arrival = next;
    }
    return this.arrival.subarray(0, count);
  }

  /** The row in `slot` as the API wrote it: made only for the rows a page shows or exports. */
  row(slot: number): TransactionRow {
    return {
      id: this.id[slot]!,
      type: TX_TYPES[this.type[slot]!]!,
      status: TX_STATUSES[this.status[slot]!]!,
      amount: this.amount[slot]!,
      currency: this.values.currency[this.currency[slot]!]!,
      rail: this.values.rail[this.rail[slot]!] as Rail,
      railLabel: this.values.railLabel[this.railLabel[slot]!]!,
      paidAmount: this.paidAmount[slot]!,
      platformOrderId: this.platformOrderId[slot]!,
      createdAt: this.instantOf("createdAt", slot) ?? "",
      completedAt: this.instantOf("completedAt", slot),
    };
  }

  /** Amounts as doubles for ordering only (decimal-compare.ts orderKey), made on the first amount sort or filter. */
  amountOrderKeys(): Float64Array {
    if (this.amountKeys === null || this.amountKeys.length < this.size) {
      this.amountKeys = grown(this.amountKeys ?? new Float64Array(0), this.capacity);
    }
    for (; this.amountKeyed < this.size; this.amountKeyed++) this.amountKeys[this.amountKeyed] = orderKey(this.amount[this.amountKeyed]!);
    return this.amountKeys;
  }

  private instantOf(field: Instant, slot: number): string | null {
    const text = this.instantText[field].get(slot);
    if (text !== undefined) return text;
    const ms = this[field][slot]!;
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }

  private setText(field: Instant, slot: number, text: string | undefined): void {
    const texts = this.instantText[field];
    if (text !== undefined) texts.set(slot, text);
    // Most stores hold no such text at all: no Map work per row for them.
    else if (texts.size > 0) texts.delete(slot);
  }

  /** Store codes for a block's dictionary: once per block, not per row. */
  private codesOf(field: Learned, dict: readonly string[]): number[] {
    const codes = this.codes[field];
    return dict.map((value) => {
      let code = codes.get(value);
      if (code === undefined) codes.set(value, (code = this.values[field].push(value) - 1));
      return code;
    });
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    this.type = grown(this.type, capacity);
    this.status = grown(this.status, capacity);
    this.currency = grown(this.currency, capacity);
    this.rail = grown(this.rail, capacity);
    this.railLabel = grown(this.railLabel, capacity);
    this.createdAt = grown(this.createdAt, capacity);
    this.completedAt = grown(this.completedAt, capacity);
    this.capacity = capacity;
  }
}

/** Some of a store's rows, in an order: what the feed publishes, and each sort and filter returns. */
export type RowList = { readonly store: ColumnStore; readonly slots: Uint32Array };

/** The rows of `list` as objects, in its order (the CSV, a window). */
export function* rowsOf(list: RowList): Generator<TransactionRow> {
  for (const slot of list.slots) yield list.store.row(slot);
}
