import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      "server-only": fileURLToPath(new URL("./tests/support/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", ".next-*/**", "e2e/**"],
    environment: "node",
    // One embedded Postgres per run; each database test file clones a migrated template (tests/support/db.ts).
    globalSetup: ["tests/support/db-global-setup.ts"],
    // One file per core, not Vitest's default of one fewer: most files spend their time waiting
    // on Postgres, scrypt or a child process, not in the worker. On 2 cores the run took 386 s
    // with one worker and 281 s with two (docs/performance.md, thirty-seventh round).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
