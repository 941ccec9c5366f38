import { execFileSync } from "node:child_process";
import { USERS_FILE } from "./env";

// One staff user per role, password demo-password-123, in a file only the e2e run uses.
// The dashboard re-reads the users file on every request, so seeding after it started is fine.
export default function globalSetup(): void {
  execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/seed-users.ts", USERS_FILE], { stdio: "inherit" });
}
