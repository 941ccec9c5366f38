// Runs the database tests before the root vitest.config.ts lists the database
// globalSetup: `npx vitest run -c tests/db/vitest.db.config.ts tests/db`. Once the
// root lists it, this adds nothing (one server per run, never two).
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import root from "../../vitest.config";

const SETUP = "tests/support/db-global-setup.ts";
const rootSetups = [root.test?.globalSetup ?? []].flat();

export default mergeConfig(
  root,
  defineConfig({
    root: fileURLToPath(new URL("../..", import.meta.url)),
    test: { globalSetup: rootSetups.includes(SETUP) ? [] : [SETUP] },
  }),
);
