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
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
