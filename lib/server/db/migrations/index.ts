import "server-only";
import type { Migration } from "kysely";
import * as appMeta from "./0001_app_meta";

// Every migration, imported statically so Next bundles them into the server
// build (nothing scans a directory at run time). Forward-only: a released
// migration is never edited or removed; a change is a new entry, whose name
// sorts after the last one (Kysely runs them in name order and refuses a gap).
// A migration sees the database as it was when written, hence Kysely<unknown>
// rather than today's Database type.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0001_app_meta": appMeta,
};
