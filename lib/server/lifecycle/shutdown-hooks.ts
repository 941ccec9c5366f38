// Work the app asks to be done when the process is told to stop (the audit trail signs its
// head: lib/server/audit/shutdown.ts). The app registers on globalThis from its
// instrumentation, inside Next's bundles; server.ts, outside them, runs what is there.
// Bounded, so a stuck hook never keeps a stopping instance alive.
import "server-only";

export type ShutdownHook = () => Promise<void>;
const holder = globalThis as unknown as { __merchantConsoleShutdownHooks?: ShutdownHook[] };

export function addShutdownHook(hook: ShutdownHook): void {
  (holder.__merchantConsoleShutdownHooks ??= []).push(hook);
}

export async function runShutdownHooks(timeoutMs = 3_000): Promise<void> {
  const hooks = holder.__merchantConsoleShutdownHooks ?? [];
  const settled = Promise.allSettled(hooks.map((hook) => hook()));
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
