import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import tseslint from "typescript-eslint";
import noImportCycle from "./eslint-rules/no-import-cycle.mjs";
import noServerImportInClient from "./eslint-rules/no-server-import-in-client.mjs";

// Where code may reach. Each entry: the files it applies to, and the imports they may not make.
const boundary = (files, patterns) => ({ files, rules: { "no-restricted-imports": ["error", { patterns }] } });
const COMPONENTS = {
  group: ["@/components/*", "**/components/*", "@/features/*/components/*"],
  message: "BFF and server code never import UI components.",
};
const FEATURES = {
  group: ["@/features/*", "@/lib/regions/*", "@/lib/server/*"],
  message: "lib/payments is the API client: it knows the wire, never a feature.",
};
// The dashboard's code (lib, app, components, features) runs inside Next; server/ (the process entry's edge) and
// scripts/ run outside it and import lib. An arrow back up would tie the two ways round.
const UPWARD = {
  group: ["@/server", "@/server/*", "@/scripts/*", "**/scripts/*", "**/server/edge", "**/server/edge/*", "**/server.ts"],
  message:
    "lib, app, components and features never import server/ or scripts/: move what both need into lib (lib/server/lifecycle, lib/server/db).",
};
const SCRIPTS = {
  group: ["@/scripts/*", "./scripts/*", "**/scripts/*"],
  message: "The production entry imports nothing from scripts/: what it needs lives in lib or server/.",
};
// The platform sits below the features: lib/ and components/ui/ never reach up into a feature or a route.
const UP = {
  group: ["@/features/*", "**/features/*", "@/app/*", "**/app/*"],
  message: "The platform (lib/, components/ui/) never imports a feature or a route.",
};
// A feature's public surface is its root files (contracts, schemas, shared widgets) and, for other
// features' server code, server/'s files; its components/ and worker/ folders are its own.
const insidesOf = (self) => ({
  group: ["@/features/*/components/*", "@/features/*/worker/*", ...(self ? [`!@/features/${self}/**`] : [])],
  message: "Import another feature through its root files (contracts, schemas, shared widgets), never its components/ or worker/.",
});
const FEATURE_NAMES = readdirSync(new URL("./features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const DASHBOARD = {
  group: ["@/*", "!@/simulator/*", "../lib/*", "../app/*", "../components/*", "../../lib/*", "../../app/*", "../../components/*"],
  message: "The simulator is its own program: it never imports dashboard code.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { console: { rules: { "no-server-import-in-client": noServerImportInClient, "no-import-cycle": noImportCycle } } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "console/no-server-import-in-client": "error",
    },
  },
  // Tests read JSON bodies and mocks as they come; the unsafe-any family would only add casts there.
  {
    files: ["tests/**", "e2e/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Fakes of async APIs are async without awaiting anything.
      "@typescript-eslint/require-await": "off",
    },
  },
  // A contract reaches zod and the schemas for their types only; the BFF loads a schema through the
  // contract's input loader (a dynamic import, lib/contracts/contract.ts), so pages that call routes never load zod.
  {
    files: ["lib/contracts/**/*.ts", "features/*/contracts.ts", "features/*/contracts/**/*.ts"],
    ignores: ["lib/contracts/inputs/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["zod", "zod/*", "@/lib/requests", "@/lib/requests/*", "**/inputs/*", "@/features/*/schemas", "./schemas"],
              allowTypeImports: true,
              message: "Schemas are the BFF's: import their types, or load them in the contract's `input` (lib/contracts/contract.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["{lib,app,components,features,simulator,server}/**/*.{ts,tsx}", "server.ts"],
    rules: { "console/no-import-cycle": "error" },
  },
  // Later entries replace earlier ones for the files both match, so each list is whole.
  boundary(["app/**"], [UPWARD]),
  boundary(["components/**"], [insidesOf(null), UPWARD]),
  boundary(["lib/**", "components/ui/**"], [UP, UPWARD]),
  boundary(["app/api/**"], [COMPONENTS, UPWARD]),
  boundary(["lib/server/**"], [COMPONENTS, UP, UPWARD]),
  boundary(["lib/payments/**"], [COMPONENTS, FEATURES, UP, UPWARD]),
  ...FEATURE_NAMES.flatMap((name) => [
    boundary([`features/${name}/**`], [insidesOf(name), UPWARD]),
    boundary([`features/${name}/server/**`], [COMPONENTS, insidesOf(name), UPWARD]),
  ]),
  boundary(["server.ts", "server/**"], [SCRIPTS]),
  boundary(["simulator/**"], [DASHBOARD]),
  { files: ["**/*.mjs"], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    // Built from features/transactions/worker by scripts/transactions-worker-build.mjs.
    "public/_workers/**",
    "test-results/**",
    "playwright-report/**",
    ".data/**",
    ".probe/**",
    "bench/empty-app/**",
  ]),
]);
