import "server-only";
import type { ColumnType } from "kysely";

// The tables the migrations create, as the queries see them. Kept by hand next to
// lib/server/db/migrations: a migration that changes a table changes its type here.
// Column names stay snake_case as in SQL (no CamelCasePlugin), so a query reads
// like the SQL it runs.
//
// pg's own parsing applies: int8 and numeric arrive as strings (money stays a
// decimal string), timestamptz as Date, jsonb as parsed JSON.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A jsonb column: read as parsed JSON, written as JSON text (JSON.stringify).
 * pg would send a JS array as a Postgres array literal, not as JSON, so the
 * write side takes the text and the caller states the encoding.
 */
export type Jsonb<T extends JsonValue = JsonValue> = ColumnType<T, string, string>;

/** A `timestamptz not null default now()` column. */
export type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Facts the console records about itself, such as "the users file was imported once" (0001). */
export interface AppMetaTable {
  key: string;
  value: Jsonb;
  updated_at: CreatedTimestamp;
}

export interface Database {
  app_meta: AppMetaTable;
}
