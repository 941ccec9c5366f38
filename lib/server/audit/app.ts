import "server-only";
import type { Kysely } from "kysely";
import { db } from "../db/app";
import type { Database } from "../db/schema";
import { env } from "../env";
import { failureFields, logger } from "../logger";
import type { AuditActor, AuditInput } from "./entry";
import { createAuditLog, type AuditLog } from "./log";

// The app's audit trail: one AuditLog per pool (on globalThis: pages, routes and
// instrumentation are bundled apart), anchoring to the JSON log with AUDIT_KEY.

const holder = globalThis as unknown as { __auditLog?: { database: Kysely<Database>; log: AuditLog } };

export function appAudit(): AuditLog {
  const database = db();
  if (holder.__auditLog?.database !== database) {
    const log = createAuditLog(database, {
      key: env().auditKey,
      onAnchor: (anchor) => logger.record("audit anchor", anchor),
      onAnchorError: (err) => logger.error("audit anchor failed", failureFields(err)),
    });
    holder.__auditLog = { database, log };
  }
  return holder.__auditLog.log;
}

/** A signed-in staff member as an entry's actor (the email is the account's id). */
export function staffActor(user: { email: string; role: string }): AuditActor {
  return { kind: "staff", id: user.email, email: user.email, role: user.role };
}

/**
 * Records an action that already happened (a sign-in, an accepted change): its outcome must
 * not turn into an error because the trail could not be written, so a failure is logged
 * loudly instead. Before an action (a money write's intent) use appAudit().append, which
 * throws, so nothing happens unrecorded.
 */
export async function recordAudit(input: AuditInput): Promise<void> {
  await appAudit()
    .append(input)
    .catch((err: unknown) =>
      logger.error("audit entry not written", {
        action: input.action,
        requestId: input.requestId ?? null,
        ...failureFields(err),
      }),
    );
}
