// Runs a command with the e2e environment (sentinel key and secret, ports, users file).
// `npm test` builds through it, so any accidental inlining of a secret into the client
// bundle would put a sentinel into .next/static, where the leak spec looks.
// Usage: tsx scripts/e2e-env.ts <command> [args…]
import { spawn } from "node:child_process";
import { E2E_ENV } from "../e2e/env";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: tsx scripts/e2e-env.ts <command> [args…]");
  process.exit(2);
}

const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...E2E_ENV } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
