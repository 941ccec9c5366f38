"use client";

import { useAnnouncedOn } from "@/components/ui/use-announced-on";

const count = new Intl.NumberFormat("en-US");

/** "1 transaction" / "2 transactions". */
export const unreadableCount = (unreadable: number) => `${count.format(unreadable)} transaction${unreadable === 1 ? "" : "s"}`;

/**
 * Rows the payments API listed that the console could not read (a malformed amount, a missing
 * status): the BFF leaves them out rather than guess, so the list, its totals and its export are
 * short by them, and this says so. The server log names each one ("transaction row unreadable").
 * Read out once when the count changes, from a live region that is there before it (a region
 * mounted with its text is not announced by every screen reader).
 */
export function UnreadableNotice({ unreadable }: { unreadable: number }) {
  const which = unreadableCount(unreadable);
  const one = unreadable === 1;
  const announced = useAnnouncedOn(
    String(unreadable),
    unreadable === 0
      ? ""
      : `${which} could not be read from the payments API: ${one ? "it is" : "they are"} left out of this list, its totals and its export.`,
  );
  return (
    <>
      <p role="status" className="sr-only">
        {announced}
      </p>
      {unreadable > 0 ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="unreadable-notice">
          <p className="font-medium">{which} could not be read from the payments API.</p>
          <p className="mt-1">
            {one ? "It is" : "They are"} left out of this list, the totals and the CSV export, which are short by {one ? "it" : "them"}. The
            server log names {one ? "it" : "each"} under “transaction row unreadable”: an admin can raise {one ? "it" : "them"} with the
            payments provider.
          </p>
        </div>
      ) : null}
    </>
  );
}
