// The process entry's own writes to its environment (server.ts reads process.env itself, as
// `next start` does; the dashboard's code reads it only through lib/server/env.ts).
import nextEnv from "@next/env";

/**
 * Sets a variable so that Next keeps it: `next dev` reloads the .env files over the
 * environment as it first saw it, which would drop a value set here afterwards.
 */
export function setEnv(name: string, value: string): void {
  process.env[name] = value;
  nextEnv.updateInitialEnv({ [name]: value });
}
