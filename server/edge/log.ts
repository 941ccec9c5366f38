// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// One JSON line per answer the server gives itself, shaped like lib/server/logger.ts's lines.
// Only the path is logged (the query may carry user input), cut short, and never a stack.

export type EdgeLogFields = { requestId: string; status: number; code: string; method?: string; path?: string; error?: string };

const MAX_PATH = 200;

export function edgeLogLine(fields: EdgeLogFields, now = new Date()): string {
  const path = fields.path === undefined ? undefined : fields.path.split(/[?#]/, 1)[0]?.slice(0, MAX_PATH);
  return JSON.stringify({ time: now.toISOString(), level: "warn", message: "edge answer", ...fields, path });
}

export function startupWarningLine(message: string, routes: readonly string[], now = new Date()): string {
  return JSON.stringify({ time: now.toISOString(), level: "warn", message, routes: routes.join(" ") });
}

/** LOG_LEVEL as lib/server/env.ts reads it: these lines are warnings. */
export function logsWarnings(logLevel: string | undefined): boolean {
  return logLevel !== "error" && logLevel !== "silent";
}
