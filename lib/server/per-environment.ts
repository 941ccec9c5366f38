import "server-only";
import type { Environment } from "@/lib/rails";

/**
 * One instance per environment for the life of the process, kept on globalThis under
 * `name`: pages and route handlers are bundled separately (each with its own copy of a
 * module), and a dev-server module reload would drop a module's state. Process memory the
 * BFF keeps per environment (the transaction lists) goes through this, so a page and a route
 * always see the same one. State every instance must share is not kept here but in Postgres:
 * the money-write ledger and the Bangladesh pause (market_pauses, lib/server/market-pause.ts).
 */
export function perEnvironment<T>(name: string, make: (mode: Environment) => T): (mode: Environment) => T {
  const holder = globalThis as unknown as Record<string, Map<Environment, T> | undefined>;
  const instances = (holder[name] ??= new Map<Environment, T>());
  return (mode) => {
    const existing = instances.get(mode);
    if (existing !== undefined) return existing;
    const created = make(mode);
    instances.set(mode, created);
    return created;
  };
}
