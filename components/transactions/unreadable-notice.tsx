const count = new Intl.NumberFormat("en-US");

/** "1 transaction" / "2 transactions". */
export const unreadableCount = (unreadable: number) => `${count.format(unreadable)} transaction${unreadable === 1 ? "" : "s"}`;

/**
 * Rows the payments API listed that the console could not read (a malformed amount, a missing
 * status): the BFF leaves them out rather than guess, so the list, its totals and its export are
 * short by them, and this says so. The server log names each one ("transaction row unreadable").
 */
export function UnreadableNotice({ unreadable }: { unreadable: number }) {
  if (unreadable === 0) return null;
  const which = unreadableCount(unreadable);
  return (
    <div
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="unreadable-notice"
    >
      <p className="font-medium">{which} could not be read from the payments API.</p>
      <p className="mt-1">
        {unreadable === 1 ? "It is" : "They are"} left out of this list, the totals and the CSV export, which are short by{" "}
        {unreadable === 1 ? "it" : "them"}. The server log names {unreadable === 1 ? "it" : "each"} under “transaction row unreadable”: an
        admin can raise {unreadable === 1 ? "it" : "them"} with the payments provider.
      </p>
    </div>
  );
}
