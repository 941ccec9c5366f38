import { execFileSync } from "node:child_process";
import { E2E_ENV } from "./env";

// One staff user per role, password demo-password-123, in the run's own database (E2E_ENV's
// DATABASE_URL: the embedded server playwright.config.ts starts first). Playwright starts the
// web servers before this runs; the dashboard reads accounts on every request, so seeding
// after it started is fine.
export default function globalSetup(): void {
  execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/seed-users.ts"], {
    stdio: "inherit",
    env: { ...process.env, ...E2E_ENV },
  });
}
