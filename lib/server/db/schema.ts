// Used by server.ts outside Next (see server/edge/methods.ts for why no "server-only").
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

/** A `timestamptz not null` column the code always sets. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Staff accounts (0002); `email` is the key, trimmed and lower-cased. */
export interface StaffUsersTable {
  email: string;
  name: string;
  role: string;
  password_hash: string;
  session_version: ColumnType<number, number | undefined, number>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

/** Sign-in throttle counters (0003), one row per key within a scope ("email", "address"). */
export interface SignInThrottleTable {
  scope: string;
  key: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp;
}

export interface Database {
  app_meta: AppMetaTable;
  staff_users: StaffUsersTable;
  sign_in_throttle: SignInThrottleTable;
}
