import { execFileSync } from "node:child_process";
import { DEMO_TOTP_FILE, resetDemoStaff } from "./demo-staff";
import { E2E_ENV } from "./env";

// One staff user per role, password demo-password-123, each with a TOTP factor, in the run's
// own database (E2E_ENV's DATABASE_URL: the embedded server playwright.config.ts starts first).
// Their secrets go to DEMO_TOTP_FILE, from which e2e/demo-staff.ts computes codes. Playwright
// starts the web servers before this runs; the dashboard reads accounts on every request, so
// seeding after it started is fine. The database is the suite's own (with E2E_DATABASE_URL, one an
// earlier run's tests may have added staff to), hence --beside-other-users.
export default function globalSetup(): void {
  resetDemoStaff();
  execFileSync(
    "node_modules/.bin/tsx",
    ["--conditions=react-server", "scripts/seed-users.ts", "--totp-file", DEMO_TOTP_FILE, "--beside-other-users"],
    {
      stdio: "inherit",
      env: { ...process.env, ...E2E_ENV },
    },
  );
}
