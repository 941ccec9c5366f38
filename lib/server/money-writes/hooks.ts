import "server-only";
import type { Environment } from "@/lib/rails";
import type { WriteActor, WriteRecord } from "./ledger";
import type { WriteRail } from "./rails";

// The pipeline's two plug-in points. Both do nothing yet: approvals
// (maker-checker) will refuse or park a write in `policy`, and the audit trail
// will append an entry in `audit`. Their types are fixed now so those
// capabilities plug in here, once, for every rail.

export type PolicyRequest = {
  environment: Environment;
  rail: WriteRail;
  reference: string;
  actor: WriteActor;
  requestId: string;
  /** The exact body that would be sent (for amount thresholds, beneficiaries …). */
  body: unknown;
};

/** `allow` lets the write go on; `refuse` stops it before anything is reserved or sent. */
export type PolicyDecision = { outcome: "allow" } | { outcome: "refuse"; code: "forbidden"; message: string };

export type AuditEvent = {
  phase: "intent" | "outcome";
  record: WriteRecord;
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
