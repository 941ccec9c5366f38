import "server-only";
import { type Kysely, sql } from "kysely";
import { db } from "@/lib/server/db/app";
import type { Database } from "@/lib/server/db/schema";
import { failureFields, logger } from "@/lib/server/logger";
import { perEnvironment } from "@/lib/server/per-environment";
import type { Environment } from "@/lib/rails";

// "Seen by the console at": the first time any instance saw a transaction in each status
// (transaction_status_seen, migration 0021). Every read of transactions reports what it saw (the
// list's sync, a transaction's own GET, a Nigeria payout's poll); one row per (environment,
// transaction, status), `on conflict do nothing`, so the first instance to see it wins and the
// others change nothing. Written behind the read, in batches, never in its way: a failure is logged.

type Seen = { id: string; status: string };

/** Rows per insert: two array parameters whatever the size, so one statement per few thousand rows. */
const BATCH = 5_000;
/** Sightings this process has already written, so a refresh does not write the same rows again. */
const REMEMBERED = 200_000;

/** A pending sighting starts watching a payment; success or failed, both final (§3), ends it. */
function follow(watched: Set<string>, id: string, status: string): void {
  if (status === "pending") watched.add(id);
  else watched.delete(id);
}

/** @internal */
export class StatusSightings {
  private readonly queue: Seen[] = [];
  private readonly written = new Set<string>();
  private flushing: Promise<void> | null = null;
  /**
   * Ids seen pending and not yet settled (read once from the table, then kept up here): the
   * payments the console is watching. Success and failed are final (§3), so a payment leaves the
   * set when it settles: the set holds the open ones, not every one ever seen pending.
   */
  private watched: Promise<Set<string>> | null = null;
  private filtering: Promise<void> = Promise.resolve();

  constructor(
    private readonly environment: Environment,
    private readonly database: () => Kysely<Database>,
  ) {}

  /**
   * Rows a list's first read found already settled (decision 0148): news only for a payment the
   * console saw pending before (one it made, say), so only those are recorded.
   */
  sawSettledOnFirstRead(rows: readonly Seen[]): void {
    this.watched ??= this.readWatched();
    const filtered = this.watched.then(
      (watched) => this.saw(rows.filter((row) => watched.has(row.id))),
      (error: unknown) => {
        this.watched = null;
        logger.warn("transaction statuses seen not recorded", failureFields(error));
      },
    );
    this.filtering = Promise.all([this.filtering, filtered]).then(() => undefined);
  }

  private async readWatched(): Promise<Set<string>> {
    const rows = await this.database()
      .selectFrom("transaction_status_seen as seen")
      .select("seen.transaction_id")
      .where("seen.environment", "=", this.environment)
      .where("seen.status", "=", "pending")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("transaction_status_seen as settled")
              .select("settled.status")
              .whereRef("settled.environment", "=", "seen.environment")
              .whereRef("settled.transaction_id", "=", "seen.transaction_id")
              .where("settled.status", "<>", "pending"),
          ),
        ),
      )
      .execute();
    const watched = new Set(rows.map((row) => row.transaction_id));
    // What this process saw before the read, in the order it saw it: the writes may still be queued.
    for (const key of this.written) {
      const split = key.indexOf("\u0000");
      follow(watched, key.slice(0, split), key.slice(split + 1));
    }
    return watched;
  }

  /** @internal The ids watched now (tests). */
  async watchedIds(): Promise<string[]> {
    return [...((await this.watched) ?? [])];
  }

  /** Queues what a read saw; the write follows on its own. */
  saw(rows: readonly Seen[]): void {
    // One callback per read, not per row: a sync can report thousands.
    void this.watched?.then(
      (watched) => {
        for (const { id, status } of rows) follow(watched, id, status);
      },
      () => undefined,
    );
    for (const { id, status } of rows) {
      const key = `${id}\u0000${status}`;
      if (this.written.has(key)) continue;
      if (this.written.size >= REMEMBERED) this.written.clear();
      this.written.add(key);
      this.queue.push({ id, status });
    }
    this.kick();
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  /** Resolves once everything queued so far is written (tests, a read that shows the times at once). */
  async settled(): Promise<void> {
    await this.filtering;
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      try {
        // Arrays, not a VALUES list: a 500-row VALUES was 1,500 parameters for the query builder
        // and the driver to handle each time, ~2 s of the BFF's CPU on a first 100,000-row load.
        await sql`
          insert into transaction_status_seen (environment, transaction_id, status)
          select ${this.environment}, seen.id, seen.status
          from unnest(${batch.map((s) => s.id)}::text[], ${batch.map((s) => s.status)}::text[]) as seen(id, status)
          on conflict (environment, transaction_id, status) do nothing
        `.execute(this.database());
      } catch (error) {
        // Seen again later, it is written then.
        for (const { id, status } of batch) this.written.delete(`${id}\u0000${status}`);
        logger.warn("transaction statuses seen not recorded", failureFields(error));
      }
    }
  }
}

/** This process's writer for an environment. */
export const statusSightings = perEnvironment("__statusSightings", (mode) => new StatusSightings(mode, db));
