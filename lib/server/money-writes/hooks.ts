import "server-only";
import type { Environment } from "@/lib/rails";
import type { WriteActor, WriteRecord } from "./ledger";
import type { WriteKind } from "./write-kinds";

// The pipeline's two plug-in points, once for every rail. `audit` appends each step to the audit
// trail (lib/server/audit/write-hook.ts, wired in process-store.ts); `policy` allows, refuses or holds a
// write for approval (maker-checker, lib/server/money-writes/approvals.ts), and `hold` stores the
// request a held write becomes (idempotent: the same held reference gives the same request).

export type PolicyRequest = {
  environment: Environment;
  rail: WriteKind;
  reference: string;
  actor: WriteActor;
  requestId: string;
  /** The exact body that would be sent (for amount thresholds, beneficiaries …). */
  body: unknown;
};

/** The approval policy a held write matched, as it stood then (a later change never reaches it). */
export type MatchedPolicy = { currency: string; amount: string; threshold: string | null };

/**
 * `allow` lets the write go on; `refuse` stops it before anything is reserved or sent; `hold`
 * reserves the reference as `held` and parks the exact body for a second person (hooks.hold):
 * nothing is sent until approved.
 */
export type PolicyDecision =
  { outcome: "allow" } | { outcome: "refuse"; code: "forbidden"; message: string } | { outcome: "hold"; policy: MatchedPolicy };

/** What `hold` stores: the held ledger row, its exact bytes and the policy it matched. */
export type HoldRequest = { record: WriteRecord; bytes: string; policy: MatchedPolicy; requestId: string; clientAddress: string | null };

/** Who made a step of a write happen: a staff member's request, or a job (the reconciler). */
export type AuditBy = WriteActor | { job: string };

export type AuditEvent = {
  phase: "intent" | "outcome";
  record: WriteRecord;
  /**
   * Who acted in this step. Not always `record.actor`, who reserved the reference: another
   * approver may send an unanswered approval again, a colleague may "check again", and the
   * reconciler settles a write nobody is waiting on.
   */
  by: AuditBy;
  /** An intent to send again a reference the ledger already holds (its first intent is earlier in the trail). */
  resend?: true;
  /** How an outcome was learnt when it was not the send's own answer. */
  via?: "lookup" | "reconcile";
  /**
   * A re-send the API refused before it looked at the key (§1 rule 8, our credentials): it says
   * nothing of the first send, so the row keeps what it knew and `record` carries this refusal's code.
   */
  kept?: true;
  /**
   * The outcome of a write the API refused before keeping it (a body it found invalid, our
   * credentials): its reference was freed and its row is gone, so `record` is the row as it was
   * reserved, with this refusal's code.
   */
  freed?: true;
  requestId: string;
  /** Where the request came from, as the BFF saw it. */
  clientAddress: string | null;
};

export type WriteHooks = {
  policy: (request: PolicyRequest) => Promise<PolicyDecision>;
  audit: (event: AuditEvent) => Promise<void>;
  /** Stores (or finds again) the approval request of a held write: its id. */
  hold?: (request: HoldRequest) => Promise<string>;
};

export const NO_HOOKS: WriteHooks = {
  policy: () => Promise.resolve({ outcome: "allow" }),
  audit: () => Promise.resolve(),
};
