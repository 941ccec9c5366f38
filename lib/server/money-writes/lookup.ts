import "server-only";
import type { WriteLookupDto } from "@/lib/contracts/write-lookup";
import type { WriteRecord } from "./ledger";
import type { FoundWrite, Pipeline, RailAdapter, WriteContext } from "./pipeline";

/** For a rail with no way to search: only an id the ledger recorded says it exists. */
const fromLedger = (known: WriteRecord | undefined): FoundWrite =>
  known?.transactionId ? { state: "created", transactionId: known.transactionId } : { state: "not_known" };

/**
 * "Was it created?" for a write whose answer was lost (a timeout, a dropped
 * connection, a refresh): what the ledger knows first, then what the rail's
 * adapter can find upstream. A write found upstream is recorded as answered.
 */
export async function lookupWrite<Input, Body, Answer, Result>(
  { ledger }: Pipeline,
  adapter: RailAdapter<Input, Body, Answer, Result>,
  reference: string,
  ctx: WriteContext,
): Promise<WriteLookupDto> {
  const known = await ledger.find(ctx.mode, adapter.rail, reference);
  if (known?.state === "intent" || known?.state === "sent") return { state: "in_flight" };
  if (known?.state === "failed") return { state: "failed", code: known.code ?? "refused" };
  const found = adapter.find ? await adapter.find(reference, known, ctx) : fromLedger(known);
  switch (found.state) {
    case "created":
      if (known && known.state !== "answered") {
        await ledger.record(ctx.mode, adapter.rail, reference, {
          state: "answered",
          transactionId: found.transactionId,
          upstreamStatus: null,
        });
      }
      return found;
    case "absent":
      return { state: "not_found" };
    case "not_known":
      return { state: "unknown" };
  }
}
