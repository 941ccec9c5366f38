import Link from "next/link";
import type { Environment } from "@/lib/rails";
import { EmptyState } from "@/components/ui/empty-state";

/** Longer than any §2.3 id the page could be given for a real record. */
const SHOWN_ID_CHARS = 80;

/** An id from the address as a page shows it: an address can carry any text, and a page names a pasted id, not a screenful of it. */
export const shownId = (id: string): string => (id.length > SHOWN_ID_CHARS ? `${id.slice(0, SHOWN_ID_CHARS)}…` : id);

type Props = {
  /** "transaction", "Brazil payment": how the page names the record. */
  what: string;
  id: string;
  mode: Environment;
  /** Nigeria has no test mode (§1 rule 10): no other mode to look in. */
  liveOnly?: boolean;
};

/**
 * A status page or deep link whose id the API does not know (404 not_found): a state, not an error
 * to retry. The id is often pasted from a ticket, and records live in one mode only, so it says
 * where else to look. Rendered by the server page (from its read) and by the screens (from theirs).
 */
export function RecordNotFound({ what, id, mode, liveOnly = false }: Props) {
  return (
    <div data-testid="record-not-found" className="wrap-anywhere">
      <EmptyState title={`No ${what} ${shownId(id)} in ${mode} mode.`}>
        {liveOnly ? "Check the id." : "Check the id, or switch mode at the top of the page: each record lives in one mode."} The{" "}
        <Link href="/lookup" className="text-indigo-800 underline">
          lookup
        </Link>{" "}
        finds a payment by its transaction id or platformOrderId.
      </EmptyState>
    </div>
  );
}
