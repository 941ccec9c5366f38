import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { Environment } from "@/lib/rails";
import { env } from "../env";
import { errorKind, failureFields, logger } from "../logger";
import { paymentsFor } from "../payments";
import { INTERRUPTED, type WriteLedger, type WriteOwner, type WriteRecord } from "./ledger";
import type { WriteHooks } from "./hooks";
import { findUpstream, type WriteFinder } from "./write-lookup";
import { IN_FLIGHT_GRACE_MS, processOwner } from "./owner";
import type { WriteKind } from "./write-kinds";
import { europeApproveWrite } from "./kinds/europe-approve";
import { ngnPayoutWrite } from "./kinds/ngn-payout";
import { ngnVirtualAccountWrite } from "./kinds/ngn-virtual-account";
import { payinWrite } from "./kinds/region-payin";
import { payoutWrite } from "./kinds/region-payout";
import { moneyWrites } from "./process-store";

// Writes a process left in intent or sent when it died, settled BY LOOKUP ONLY (nothing is sent
// from here): found upstream → answered; else → unknown with the exact request bytes kept, so a
// person's "check again" replays them under the same key. Rows this instance left under an earlier
// boot, and any instance's untouched past IN_FLIGHT_GRACE_MS; another instance's fresh row may be
// sending now. A row is settled only if still as read, so a live send's outcome is never overwritten.

/** Each rail's way to find a write upstream (lookup.ts's rule: a rail without `find` has only the ledger's id). */
export const KIND_FINDERS: Record<WriteKind, WriteFinder> = {
  "ngn-payout": ngnPayoutWrite,
  "bangladesh-payout": payoutWrite("bangladesh"),
  "brazil-payout": payoutWrite("brazil"),
  "europe-payout": payoutWrite("europe"),
  "europe-approve": europeApproveWrite,
  "bangladesh-payin": payinWrite("bangladesh"),
  "brazil-payin": payinWrite("brazil"),
  "india-payin": payinWrite("india"),
  "europe-payin": payinWrite("europe"),
  "pyusd-payin": payinWrite("pyusd"),
  "ngn-va": ngnVirtualAccountWrite,
};

export type ReconcileCounts = {
  /** Unresolved rows this run looked at. */
  examined: number;
  answered: number;
  unknown: number;
  /** Rows a live process moved on while we looked (left as it recorded them). */
  moved: number;
  /** Rows whose lookup failed (left as they were; the next run tries again). */
  errors: number;
  /**
   * Rows not looked at because a lookup found the API unavailable (a network failure, a 5xx, a
   * 429 after the client's own retries): the next run takes them up.
   */
  deferred: number;
};

export type ReconcileOptions = {
  client: PaymentsClient;
  owner: WriteOwner;
  finders?: Partial<Record<WriteKind, WriteFinder>>;
  graceMs?: number;
  /** Rows per run; a longer backlog is taken up by the next runs. */
  limit?: number;
  onError?: (record: WriteRecord, error: unknown) => void;
  /** The trail's entry for each row settled (the app's pipeline hook; none in unit tests that pass none). */
  audit?: WriteHooks["audit"];
};

const NO_COUNTS: ReconcileCounts = { examined: 0, answered: 0, unknown: 0, moved: 0, errors: 0, deferred: 0 };

/**
 * A failure that says the API is unavailable, not that this row's lookup is wrong: the client has
 * already retried it. Each further row would wait out the same retries (up to 200 rows a run, each
 * for its timeouts and backoff), so the run stops and the next one takes them up.
 */
const upstreamUnavailable = (error: unknown) => error instanceof PaymentsApiError && error.retryable;

/** One pass over one environment's abandoned writes, one lookup at a time. */
export async function reconcileWrites(
  ledger: WriteLedger,
  environment: Environment,
  { client, owner, finders = KIND_FINDERS, graceMs = IN_FLIGHT_GRACE_MS, limit = 200, onError, audit }: ReconcileOptions,
): Promise<ReconcileCounts> {
  const counts = { ...NO_COUNTS };
  // Rows whose lookup failed come last (WriteLedger.unresolved), so one that keeps failing never
  // holds back the rest, and with the stop below every run would otherwise end at it.
  const rows = await ledger.unresolved(environment, { owner, graceMs, limit });
  for (const [index, record] of rows.entries()) {
    counts.examined += 1;
    const ctx = { client, mode: environment, actor: record.actor, requestId: `reconcile:${owner.bootId}` };
    try {
      const finder = finders[record.rail] ?? { rail: record.rail };
      const found = await findUpstream(finder, record.reference, record, ctx);
      const settled = await ledger.settle(
        record,
        found.state === "created"
          ? { state: "answered", transactionId: found.transactionId, upstreamStatus: null }
          : { state: "unknown", code: INTERRUPTED, upstreamStatus: record.upstreamStatus },
      );
      if (!settled) counts.moved += 1;
      else {
        if (settled.state === "answered") counts.answered += 1;
        else counts.unknown += 1;
        // Without it the write's trail would end at "about to send" for good.
        await audit?.({
          phase: "outcome",
          record: settled,
          via: "reconcile",
          by: { job: "reconciler" },
          requestId: ctx.requestId,
          clientAddress: null,
        });
      }
    } catch (error) {
      counts.errors += 1;
      onError?.(record, error);
      // Only the order of later runs hangs on it: a failure to note it must not hide the lookup's own.
      await ledger.lookupFailed(record).catch((noted: unknown) => onError?.(record, noted));
      if (upstreamUnavailable(error)) {
        counts.deferred = rows.length - index - 1;
        break;
      }
    }
  }
  return counts;
}

/** One run over every configured environment; logs one line (always at start, else only when it found work). Never throws. */
export async function reconcileConfiguredEnvironments(trigger: "start" | "sweep"): Promise<ReconcileCounts> {
  const total = { ...NO_COUNTS };
  try {
    const owner = processOwner();
    const { modes } = env();
    for (const environment of modes) {
      try {
        const { ledger, hooks } = moneyWrites();
        const counts = await reconcileWrites(ledger, environment, {
          client: paymentsFor(environment),
          audit: hooks.audit,
          owner,
          onError: (record, error) =>
            logger.error("money write reconcile lookup failed", {
              environment,
              rail: record.rail,
              reference: record.reference,
              ...failureFields(error),
            }),
        });
        for (const key of Object.keys(total) as (keyof ReconcileCounts)[]) total[key] += counts[key];
      } catch (error) {
        total.errors += 1;
        logger.error("money write reconciliation failed", { environment, ...failureFields(error) });
      }
    }
    if (trigger === "start" || total.examined > 0 || total.errors > 0) {
      logger.info("money writes reconciled", { trigger, instanceId: owner.instanceId, environments: modes.join(","), ...total });
    }
  } catch (error) {
    total.errors += 1;
    try {
      logger.error("money write reconciliation failed", failureFields(error));
    } catch {
      console.error(`money write reconciliation failed: ${errorKind(error)}`);
    }
  }
  return total;
}

const holder = globalThis as unknown as { __moneyWriteReconciler?: ReturnType<typeof setInterval> };

/**
 * From instrumentation.ts, once per process: a run now, in the background (start-up
 * never waits on the upstream), then one every grace period, so rows an instance
 * that never comes back left behind are settled by the survivors.
 */
export function startWriteReconciler(): void {
  if (holder.__moneyWriteReconciler) return;
  let running = false;
  const run = (trigger: "start" | "sweep") => {
    if (running) return;
    running = true;
    void reconcileConfiguredEnvironments(trigger).finally(() => {
      running = false;
    });
  };
  holder.__moneyWriteReconciler = setInterval(() => run("sweep"), IN_FLIGHT_GRACE_MS);
  holder.__moneyWriteReconciler.unref();
  run("start");
}
