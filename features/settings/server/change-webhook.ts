import "server-only";
import { sql } from "kysely";
import type { WebhookUpdatedDto } from "@/features/settings/contracts";
import type { PaymentsClient } from "@/lib/payments/client";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { Environment } from "@/lib/rails";
import { ApiError } from "@/lib/server/api-error";
import { appAudit, recordAudit, staffActor } from "@/lib/server/audit/app";
import type { AuditInput } from "@/lib/server/audit/entry";
import { db } from "@/lib/server/db/app";
import { failureFields, logger } from "@/lib/server/logger";
import { recordWebhookChange } from "./webhook-history";

// PATCH /v1/me/webhook for an admin, as one step per environment across instances, handled as
// carefully as a money write (one URL gets every rail's events): refused (409) if the URL shown
// (`replacing`) changed meanwhile, queued behind an advisory lock per environment, and the intent
// recorded before the API is asked (docs/decisions/0079, 0127).

export type WebhookChangeRequest = {
  mode: Environment;
  client: PaymentsClient;
  url: string;
  /** The URL the admin's page showed as current (null: none registered). */
  replacing: string | null;
  actor: { email: string; role: string };
  requestId: string;
  clientAddress: string;
};

/** Longer than one change's calls to the API can last (a read, the change, a read back, each under the client's timeout). */
const WEBHOOK_CHANGE_WAIT_MS = 120_000;

/** pg_advisory_xact_lock's key per environment: a hash of "webhook:<mode>". */
const lockKey = (mode: Environment) => sql`hashtextextended(${`webhook:${mode}`}, 0)`;

export function changeWebhook(change: WebhookChangeRequest): Promise<WebhookUpdatedDto> {
  return db()
    .transaction()
    .execute(async (trx) => {
      // A second change waits for the first, which holds the lock across its calls to the API (up
      // to WEBHOOK_CHANGE_WAIT_MS), beyond the app's usual caps on a statement and a lock wait.
      await sql`set local statement_timeout = ${sql.lit(WEBHOOK_CHANGE_WAIT_MS)}`.execute(trx);
      await sql`set local lock_timeout = ${sql.lit(WEBHOOK_CHANGE_WAIT_MS)}`.execute(trx);
      await sql`select pg_advisory_xact_lock(${lockKey(change.mode)})`.execute(trx);
      return changeHoldingLock(change);
    });
}

async function changeHoldingLock(change: WebhookChangeRequest): Promise<WebhookUpdatedDto> {
  const { client, url, mode } = change;
  const previousUrl = (await client.me()).webhookUrl ?? null;
  if (previousUrl !== change.replacing) {
    throw new ApiError(
      "changed_since_read",
      "Nothing was changed: the webhook URL was changed since this page showed it. Check the current URL, then review the change again.",
    );
  }
  const entry = (result: string, extra: Record<string, string | number | null> = {}): AuditInput => ({
    actor: staffActor(change.actor),
    environment: mode,
    action: "webhook.change",
    requestId: change.requestId,
    clientAddress: change.clientAddress,
    result,
    details: { previousUrl, url, ...extra },
  });
  // Throws when the trail cannot be written: nothing is sent unrecorded.
  await appAudit().append(entry("reserved"));

  let updated: WebhookUpdatedDto;
  try {
    const answer = await client.updateWebhook({ url });
    updated = { webhookUrl: answer.webhookUrl, updatedAt: answer.updatedAt ?? null };
  } catch (error) {
    const refused = error instanceof PaymentsApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
    const code = error instanceof PaymentsApiError ? error.code : "no_answer";
    const upstreamStatus = error instanceof PaymentsApiError && error.status > 0 ? error.status : null;
    const now = refused ? previousUrl : await readBack(client);
    if (now !== url) {
      await recordAudit(entry(refused || now === previousUrl ? `failed:${code}` : `unknown:${code}`, { upstreamStatus }));
      throw error;
    }
    // No answer, but the API holds the new URL: it was changed.
    updated = { webhookUrl: url, updatedAt: null };
  }
  const stored = updated.webhookUrl ?? url;
  // The URL changed upstream whatever happens next: a history row that cannot be written is logged, not answered as a failure.
  await recordWebhookChange(db(), {
    environment: mode,
    previousUrl,
    url: stored,
    changedBy: change.actor,
    requestId: change.requestId,
  }).catch((err: unknown) =>
    logger.error("webhook change not added to its history", {
      requestId: change.requestId,
      ...failureFields(err),
    }),
  );
  await recordAudit(entry("ok", { url: stored }));
  return updated;
}

/** The URL the API holds now, or undefined when it cannot say either. */
async function readBack(client: PaymentsClient): Promise<string | null | undefined> {
  try {
    return (await client.me()).webhookUrl ?? null;
  } catch {
    return undefined;
  }
}
