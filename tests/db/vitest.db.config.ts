// Runs the database tests before the root vitest.config.ts lists the database
// globalSetup: `npx vitest run -c tests/db/vitest.db.config.ts tests/db`.
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import root from "../../vitest.config";

export default mergeConfig(
  root,
  defineConfig({
    root: fileURLToPath(new URL("../..", import.meta.url)),
    test: { globalSetup: ["tests/support/db-global-setup.ts"] },
  }),
);
