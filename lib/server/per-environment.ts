import "server-only";
import type { Environment } from "@/lib/rails";

/**
 * One instance per environment for the life of the process, kept on globalThis under
 * `name`: pages and route handlers are bundled separately (each with its own copy of a
 * module), and a dev-server module reload would drop a module's state. Every piece of
 * process memory the BFF keeps (the transaction lists, payout ledgers, the Bangladesh
 * pause) goes through this, so a page and a route always see the same one.
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
