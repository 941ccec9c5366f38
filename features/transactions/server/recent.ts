import "server-only";
import { type PaymentsClient, rowsOnPage } from "@/lib/payments";
import type { Rail } from "@/lib/rails";
import type { TransactionRow } from "@/lib/transaction-row";
import { toTransactionRow } from "./transaction-dto";

/** §4.1/§8: the largest page the list gives. */
const LIST_PAGE = 100;

/**
 * Pages read at most for one rail's newest rows. The list has no rail filter (§4.1 refuses `rail`,
 * §4.8 says to filter in the merchant application), so a rail's rows are found by reading pages; a
 * merchant whose history holds none of them must not make every view read all of it. Beyond these
 * rows the page says older ones may exist and links /transactions, which holds the whole list.
 * @internal
 */
export const RAIL_SCAN_PAGES = 5;

/**
 * A "recent" list cut to the rows a page shows, saying whether older ones exist (the page then
 * links to /transactions, which holds them all).
 */
function newestShown<R>(recent: { items: R[]; asOf: string }, shown: number): { items: R[]; asOf: string; more: boolean } {
  return { items: recent.items.slice(0, shown), asOf: recent.asOf, more: recent.items.length > shown };
}

/**
 * Rows the payouts page shows. All 100 of the newest page made the page's longest task (the
 * table's first render, TBT 100–250 ms) and Lighthouse's lowest score (84–94).
 * @internal
 */
export const RECENT_PAYOUTS_SHOWN = 25;

/** The newest payouts of every rail, whoever sent them: the payouts page's history. */
export async function recentPayouts(client: PaymentsClient): Promise<{ items: TransactionRow[]; asOf: string; more: boolean }> {
  return newestShown(await recentTransactions(client, "payout"), RECENT_PAYOUTS_SHOWN);
}

/** §4.8: the newest page (100) of one type, every rail. "Recent" for the payouts page; the full history is on /transactions. */
async function recentTransactions(client: PaymentsClient, type: "payin" | "payout"): Promise<{ items: TransactionRow[]; asOf: string }> {
  const page = await client.listTransactions({ type, limit: LIST_PAGE });
  return { items: page.items.map(toTransactionRow), asOf: new Date().toISOString() };
}

/**
 * The `shown` newest rows of one rail and type. Pages are read until `shown` + 1 are found, the list
 * ends or RAIL_SCAN_PAGES were read: one page of every rail held none of a small rail (Nigeria said
 * "No inbound credits yet" beside 40). `more`: older rows of the rail exist or may exist.
 */
export async function newestOfRail(
  client: PaymentsClient,
  type: "payin" | "payout",
  rail: Rail,
  shown: number,
): Promise<{ items: TransactionRow[]; asOf: string; more: boolean }> {
  // By id: a row created between two reads moves the next page down one, and its first row is read twice.
  const found = new Map<string, TransactionRow>();
  let asOf: string | null = null;
  // A row the client could not read may be one of the rail's: then "every row shown" is not known.
  let unreadable = false;
  for (let read = 0; read < RAIL_SCAN_PAGES; read += 1) {
    const offset = read * LIST_PAGE;
    const page = await client.listTransactions({ type, limit: LIST_PAGE, offset });
    if (page.unreadable.length > 0) unreadable = true;
    // The time the list's head was read: the newest row a viewer could miss came after it.
    asOf ??= new Date().toISOString();
    for (const tx of page.items) if (tx.rail === rail && !found.has(tx.id)) found.set(tx.id, toTransactionRow(tx));
    const rows = [...found.values()];
    if (rows.length > shown) return { items: rows.slice(0, shown), asOf, more: true };
    // Rows the client could not read still hold their places: the list goes on past them.
    const ended = rowsOnPage(page) < LIST_PAGE || offset + rowsOnPage(page) >= page.total;
    if (ended) return { items: rows, asOf, more: unreadable };
  }
  return { items: [...found.values()], asOf: asOf ?? new Date().toISOString(), more: true };
}
