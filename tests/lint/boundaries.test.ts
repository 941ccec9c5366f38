// eslint.config.mjs's boundaries, run through ESLint with the repository's own config: each case lints
// a few lines as if they sat at `file` (nothing is written) and names the one rule and message that
// must fire, or none. Type-aware rules are off here: they need files on disk and check nothing below.
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const RESTRICTED = "no-restricted-imports";
const CONTRACT_RESTRICTED = "@typescript-eslint/no-restricted-imports";
const CLIENT = "console/no-server-import-in-client";
// The import-circle rule walks the real import graph from disk; tests/lint/no-import-cycle.test.ts covers it.
const CHECKED = new Set([RESTRICTED, CONTRACT_RESTRICTED, CLIENT]);

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ["**/*.ts", "**/*.tsx"], ...tseslint.configs.disableTypeChecked }],
  ruleFilter: ({ ruleId }) => CHECKED.has(ruleId),
});

/** The rules that fire on `code` placed at `file`, each with its message; parse errors included. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const fires = (ruleId: string, fragment: string) => [{ ruleId, message: expect.stringContaining(fragment) as string }];
const UPWARD = "never import server/ or scripts/";
const UP = "never imports a feature or a route";
const SCRIPTS = "The production entry imports nothing from scripts/";
const INSIDES = "never its components/ or worker/";

type Case = [name: string, file: string, code: string, expected: ReturnType<typeof fires>];

const cases: Case[] = [
  // No arrow back up: lib, app, components and features run inside Next and never reach server/ or scripts/.
  ["lib → server/edge", "lib/server/lint-probe.ts", `import { decide } from "@/server/edge/decide";`, fires(RESTRICTED, UPWARD)],
  [
    "lib → server/edge, relative",
    "lib/server/audit/lint-probe.ts",
    `import { decide } from "../../../server/edge/decide";`,
    fires(RESTRICTED, UPWARD),
  ],
  ["lib → server.ts", "lib/lint-probe.ts", `import { start } from "@/server";`, fires(RESTRICTED, UPWARD)],
  ["lib → scripts/", "lib/lint-probe.ts", `import { key } from "@/scripts/audit-key";`, fires(RESTRICTED, UPWARD)],
  ["lib → a feature", "lib/lint-probe.ts", `import { x } from "@/features/settings/webhook-url";`, fires(RESTRICTED, UP)],
  ["lib → a route", "lib/lint-probe.ts", `import { GET } from "@/app/api/health/route";`, fires(RESTRICTED, UP)],
  [
    "components/ui → a feature",
    "components/ui/lint-probe.tsx",
    `import { x } from "@/features/settings/webhook-url";`,
    fires(RESTRICTED, UP),
  ],
  ["app → server/edge", "app/api/health/route.ts", `import { decide } from "@/server/edge/decide";`, fires(RESTRICTED, UPWARD)],
  ["a feature → scripts/", "features/audit/server/lint-probe.ts", `import { key } from "@/scripts/audit-key";`, fires(RESTRICTED, UPWARD)],
  ["server.ts → scripts/", "server.ts", `import { envFiles } from "./scripts/db/env-files";`, fires(RESTRICTED, SCRIPTS)],
  ["server/ → scripts/", "server/edge/lint-probe.ts", `import { find } from "../../scripts/chromium";`, fires(RESTRICTED, SCRIPTS)],
  ["lib → lib", "lib/lint-probe.ts", `import { x } from "@/lib/money";`, []],
  ["server.ts → lib", "server.ts", `import { env } from "./lib/server/env";`, []],
  // The BFF and the API client stay below the UI and the features.
  [
    "lib/server → a component",
    "lib/server/lint-probe.ts",
    `import { Badge } from "@/components/ui/badge";`,
    fires(RESTRICTED, "never import UI components"),
  ],
  [
    "lib/payments → lib/server",
    "lib/payments/lint-probe.ts",
    `import { env } from "@/lib/server/env";`,
    fires(RESTRICTED, "it knows the wire, never a feature"),
  ],
  [
    "simulator → the dashboard",
    "simulator/lint-probe.ts",
    `import { x } from "@/lib/money";`,
    fires(RESTRICTED, "The simulator is its own program"),
  ],
  // A feature reaches another only through its root files.
  [
    "a feature → another's components/",
    "features/payouts/lint-probe.ts",
    `import { Gate } from "@/features/nigeria/components/nigeria-gate";`,
    fires(RESTRICTED, INSIDES),
  ],
  [
    "a feature's server/ → another's worker/",
    "features/payouts/server/lint-probe.ts",
    `import { w } from "@/features/transactions/worker/transactions.worker";`,
    fires(RESTRICTED, INSIDES),
  ],
  [
    "components/ → a feature's components/",
    "components/layout/lint-probe.tsx",
    `import { Gate } from "@/features/nigeria/components/nigeria-gate";`,
    fires(RESTRICTED, INSIDES),
  ],
  [
    "a feature → its own components/",
    "features/payouts/lint-probe.ts",
    `import { Screen } from "@/features/payouts/components/new-payout-screen";`,
    [],
  ],
  ["a feature → another's root file", "features/payouts/lint-probe.ts", `import { status } from "@/features/nigeria/payout-status";`, []],
  // Server code never reaches a client component.
  [
    "client → lib/server",
    "components/layout/lint-probe.tsx",
    `"use client";\nimport { env } from "@/lib/server/env";`,
    fires(CLIENT, "@/lib/server/env"),
  ],
  [
    "client → its feature's server/",
    "features/settings/components/lint-probe.tsx",
    `"use client";\nimport { save } from "../server/change-webhook";`,
    fires(CLIENT, "../server/change-webhook"),
  ],
  [
    "client → a type from lib/server",
    "components/layout/lint-probe.tsx",
    `"use client";\nimport type { Env } from "@/lib/server/env";`,
    [],
  ],
  ["server component → lib/server", "components/layout/lint-probe.tsx", `import { env } from "@/lib/server/env";`, []],
  // A contract imports schemas for their types only; the BFF loads them lazily.
  ["a contract → zod", "features/settings/contracts.ts", `import { z } from "zod";`, fires(CONTRACT_RESTRICTED, "Schemas are the BFF's")],
  ["a contract → a schema's type", "features/settings/contracts.ts", `import type { Input } from "./schemas";`, []],
];

describe("eslint.config.mjs boundaries", () => {
  it.each(cases)("%s", async (_name, file, code, expected) => {
    expect(await lint(file, code)).toEqual(expected);
  });

  it("checks import circles in the dashboard, the server and the simulator, not in tests", async () => {
    const cycleRule = async (file: string) =>
      ((await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> }).rules["console/no-import-cycle"];
    for (const file of [
      "lib/a.ts",
      "app/a/page.tsx",
      "components/a.tsx",
      "features/payouts/server/a.ts",
      "server/edge/a.ts",
      "server.ts",
      "simulator/a.ts",
    ])
      expect([file, await cycleRule(file)]).toEqual([file, [2]]);
    expect(await cycleRule("tests/a.test.ts")).toBeUndefined();
  });
});
