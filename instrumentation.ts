// Runs once when a Next.js server starts: validate the configuration up front
// (lib/server/env.ts), so a missing or bad variable stops start-up.
export async function register() {
  const { validateEnvAtStartup } = await import("./lib/server/env");
  validateEnvAtStartup();
}
