// Runs once when a Next.js server starts: validate the configuration up front
// (lib/server/env.ts), so a missing or bad variable stops start-up. Next also
// compiles this file for the Edge runtime; the NEXT_RUNTIME branch is dropped
// there, so the Node-only env module (process.exit) is never bundled for Edge.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { isBuildPhase, validateEnvAtStartup } = await import("./lib/server/env");
    validateEnvAtStartup();
    // Writes a previous life of this instance (or a dead one) left unresolved, settled by
    // lookup only, in the background: start-up never waits on the upstream.
    if (!isBuildPhase()) (await import("./lib/server/money-writes/reconcile")).startWriteReconciler();
    // The audit chain's head is signed into the log when the instance stops (server.ts runs the hook).
    if (!isBuildPhase()) (await import("./lib/server/audit/shutdown")).anchorOnShutdown();
  }
}
