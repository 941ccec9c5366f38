// Runs once when a Next.js server starts: validate the configuration up front
// (lib/server/env.ts), so a missing or bad variable stops start-up. Next also
// compiles this file for the Edge runtime; the NEXT_RUNTIME branch is dropped
// there, so the Node-only env module (process.exit) is never bundled for Edge.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateEnvAtStartup } = await import("./lib/server/env");
    validateEnvAtStartup();
  }
}
