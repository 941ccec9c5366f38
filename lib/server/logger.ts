import "server-only";
import { env } from "./env";

// One JSON line per event on stdout, for whatever ships logs. Callers pass only
// operational fields: never secrets, emails, names or request bodies.

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type LogFields = Record<string, string | number | boolean | null | undefined>;

function write(level: Level, message: string, fields: LogFields) {
  if (ORDER[level] < ORDER[env().logLevel]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const logger = {
  /** Written whatever LOG_LEVEL says: records others rely on (the audit chain's anchors). */
  record: (message: string, fields: LogFields = {}) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), level: "record", message, ...fields })),
  debug: (message: string, fields: LogFields = {}) => write("debug", message, fields),
  info: (message: string, fields: LogFields = {}) => write("info", message, fields),
  warn: (message: string, fields: LogFields = {}) => write("warn", message, fields),
  error: (message: string, fields: LogFields = {}) => write("error", message, fields),
};
