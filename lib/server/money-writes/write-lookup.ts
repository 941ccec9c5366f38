import "server-only";
import type { WriteLookupDto } from "@/lib/contracts/write-lookup";
import type { WriteRecord } from "./ledger";
import { IN_FLIGHT_GRACE_MS, stillInFlight } from "./owner";
import type { FoundWrite, Pipeline, WriteAdapter, WriteContext } from "./pipeline";

/** What a rail can tell about a write: only `find` is needed (the reconciler's stand-ins have nothing else). */
export type WriteFinder = Pick<WriteAdapter<unknown, unknown, unknown, unknown>, "rail" | "find">;

/**
 * Whether a write exists upstream, as its rail can tell: the adapter's own
 * search, or for a rail with none, only an id the ledger recorded.
 */
export function findUpstream(
  adapter: WriteFinder,
  reference: string,
  known: WriteRecord | undefined,
  ctx: WriteContext,
): Promise<FoundWrite> {
  if (adapter.find) return adapter.find(reference, known, ctx);
  return Promise.resolve(known?.transactionId ? { state: "created", transactionId: known.transactionId } : { state: "not_known" });
}

/**
 * "Was it created?" for a write whose answer was lost (a timeout, a dropped
 * connection, a refresh): what the ledger knows first, then what the rail's
 * adapter can find upstream. A write found upstream is recorded as answered, in
 * the ledger and in the audit trail.
 */
export async function lookupWrite<Input, Body, Answer, Result>(
  { ledger, hooks }: Pipeline,
  adapter: WriteAdapter<Input, Body, Answer, Result>,
  reference: string,
  ctx: WriteContext,
): Promise<WriteLookupDto> {
  const known = await ledger.find(ctx.mode, adapter.rail, reference);
  if (known && stillInFlight(known)) return { state: "in_flight" };
  if (known?.state === "failed") return { state: "failed", code: known.code ?? "refused" };
  // Held for approval: nothing was sent, so it cannot exist upstream.
  if (known?.state === "held") return { state: "not_found" };
  const found = await findUpstream(adapter, reference, known, ctx);
  switch (found.state) {
    case "created":
      if (known && known.state !== "answered") {
        const outcome = await ledger.record(ctx.mode, adapter.rail, reference, {
          state: "answered",
          transactionId: found.transactionId,
          upstreamStatus: null,
        });
        // The trail learns it too, with the id its "View audit trail" link searches by: its
        // entries stopped at "no answer" or "about to send".
        await hooks.audit({
          phase: "outcome",
          record: outcome,
          via: "lookup",
          by: ctx.actor,
          requestId: ctx.requestId,
          clientAddress: ctx.clientAddress ?? null,
        });
      }
      return found;
    case "absent":
      // A send that just ended with no answer may still be being processed upstream, and not be
      // listed yet: "not created" now would let the operator send it again under a new reference.
      // Only a write quiet for the grace is said not to exist.
      if (known?.state === "unknown" && known.quietMs < IN_FLIGHT_GRACE_MS) return { state: "unknown" };
      return { state: "not_found" };
    case "not_known":
      return { state: "unknown" };
  }
}
