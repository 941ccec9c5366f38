import "server-only";
import type { Environment } from "@/lib/rails";

/**
 * One instance per environment for the life of the process, kept on globalThis under `name`: pages
 * and routes are bundled apart and a dev reload drops module state. Only process memory goes here
 * (the transaction lists); state instances share lives in Postgres.
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
