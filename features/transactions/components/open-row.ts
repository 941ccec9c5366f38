import type { TransactionRow } from "@/lib/transaction-row";

/**
 * The detail dialog's row as the list holds it now, while it is among the rows in view: a refresh
 * (the tab regaining focus) may have moved its status on since it was opened, and a support person
 * reading "Pending" from the dialog while the table says "Failed" would tell a customer the wrong
 * thing. Out of view (a filter or a sort moved it away), it is shown as it was when opened.
 */
export function rowAsListedNow(opened: TransactionRow | null, inView: readonly TransactionRow[]): TransactionRow | null {
  return opened && (inView.find((row) => row.id === opened.id) ?? opened);
}
