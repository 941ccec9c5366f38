import "server-only";
import type { Environment } from "@/lib/rails";
import type { WriteActor, WriteRecord } from "./ledger";
import type { WriteKind } from "./write-kinds";

// The pipeline's two plug-in points, once for every rail. `audit` appends each step to the audit
// trail (lib/server/audit/write-hook.ts, wired in process-store.ts); `policy` allows every write until
// approvals (maker-checker) refuse or park one there.

type PolicyRequest = {
  environment: Environment;
  rail: WriteKind;
  reference: string;
  actor: WriteActor;
  requestId: string;
  /** The exact body that would be sent (for amount thresholds, beneficiaries …). */
  body: unknown;
};

/** `allow` lets the write go on; `refuse` stops it before anything is reserved or sent. */
type PolicyDecision = { outcome: "allow" } | { outcome: "refuse"; code: "forbidden"; message: string };

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
};

export const NO_HOOKS: WriteHooks = {
  policy: () => Promise.resolve({ outcome: "allow" }),
  audit: () => Promise.resolve(),
};
