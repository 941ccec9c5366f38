import "server-only";
import type { Kysely } from "kysely";
import type { WebhookChangeDto } from "@/features/settings/contracts";
import type { Environment } from "@/lib/rails";
import type { Database } from "@/lib/server/db/schema";

// The webhook URL's change history (webhook_changes, migration 0007). The API keeps
// none, and one URL receives every rail's events, so who changed it, when, and from
// what is kept here, shared by every instance.

/** How many changes the settings page shows, newest first. */
const WEBHOOK_HISTORY_LIMIT = 20;

export type WebhookChange = {
  environment: Environment;
  previousUrl: string | null;
  url: string;
  changedBy: { email: string; role: string };
  requestId: string;
};

export async function recordWebhookChange(database: Kysely<Database>, change: WebhookChange): Promise<void> {
  await database
    .insertInto("webhook_changes")
    .values({
      environment: change.environment,
      previous_url: change.previousUrl,
      url: change.url,
      changed_by_email: change.changedBy.email,
      changed_by_role: change.changedBy.role,
      request_id: change.requestId,
    })
    .execute();
}

export async function webhookHistory(database: Kysely<Database>, environment: Environment): Promise<WebhookChangeDto[]> {
  const rows = await database
    .selectFrom("webhook_changes")
    .select(["previous_url", "url", "changed_by_email", "changed_by_role", "changed_at"])
    .where("environment", "=", environment)
    .orderBy("id", "desc")
    .limit(WEBHOOK_HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    changedAt: row.changed_at.toISOString(),
    changedBy: row.changed_by_email,
    role: row.changed_by_role,
    previousUrl: row.previous_url,
    url: row.url,
  }));
}
