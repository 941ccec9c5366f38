// eslint.config.mjs's boundaries, run through ESLint with the repository's own config: each probe lints
// one import as if it sat in `file` (nothing is written) and names the one rule and message that must
// fire, or none. Type-aware rules are off here: they need files on disk and check nothing below.
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const RESTRICTED = "no-restricted-imports";
const CLIENT_RULE = "console/no-server-import-in-client";
const CONTRACT_RULE = "@typescript-eslint/no-restricted-imports";

// The import-circle rule walks the real import graph from disk; tests/lint/no-import-cycle.test.ts covers it.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ["**/*.ts", "**/*.tsx"], ...tseslint.configs.disableTypeChecked }],
  ruleFilter: ({ ruleId }) => [RESTRICTED, CLIENT_RULE, CONTRACT_RULE].includes(ruleId),
});

/** The rules that fire on `code` placed at `file`, each with its message; parse errors included. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

type Expected = { ruleId: string; fragment: string } | null;
const restricted = (fragment: string): Expected => ({ ruleId: RESTRICTED, fragment });
const UPWARD = restricted("never import server/ or scripts/");
const UP = restricted("never imports a feature or a route");
const SCRIPTS = restricted("The production entry imports nothing from scripts/");
const INSIDES = restricted("never its components/ or worker/");
const COMPONENTS = restricted("never import UI components");
const WIRE = restricted("it knows the wire, never a feature");
const SIMULATOR = restricted("The simulator is its own program");
const CLIENT: Expected = { ruleId: CLIENT_RULE, fragment: "Client components must not import server-only code" };
const CONTRACT: Expected = { ruleId: CONTRACT_RULE, fragment: "Schemas are the BFF's" };

/** A bare specifier stands for `import { x } from "<specifier>";`; anything else is the code itself. */
const codeOf = (probe: string) => (/^(?:import|"use client")/.test(probe) ? probe : `import { x } from "${probe}";`);
const USE_CLIENT = '"use client";\n';

// [file, import, what must fire]
const probes: [string, string, Expected][] = [
  // No arrow back up: lib, app, components and features run inside Next and never reach server/ or scripts/.
  ["lib/server/lint-probe.ts", "@/server/edge/decide", UPWARD],
  ["lib/server/audit/lint-probe.ts", "../../../server/edge/decide", UPWARD],
  ["lib/lint-probe.ts", "@/server", UPWARD],
  ["lib/lint-probe.ts", "@/scripts/audit-key", UPWARD],
  ["app/api/health/route.ts", "@/server/edge/decide", UPWARD],
  ["features/audit/server/lint-probe.ts", "@/scripts/audit-key", UPWARD],
  ["server.ts", "./scripts/db/env-files", SCRIPTS],
  ["server/edge/lint-probe.ts", "../../scripts/chromium", SCRIPTS],
  ["server.ts", "./lib/server/env", null],
  // The platform sits below the features; the BFF and the API client below the UI.
  ["lib/lint-probe.ts", "@/features/settings/webhook-url", UP],
  ["lib/lint-probe.ts", "@/app/api/health/route", UP],
  ["components/ui/lint-probe.tsx", "@/features/settings/webhook-url", UP],
  ["lib/lint-probe.ts", "@/lib/money", null],
  ["lib/server/lint-probe.ts", "@/components/ui/badge", COMPONENTS],
  ["lib/payments/lint-probe.ts", "@/lib/server/env", WIRE],
  ["simulator/lint-probe.ts", "@/lib/money", SIMULATOR],
  // A feature reaches another only through its root files.
  ["features/payouts/lint-probe.ts", "@/features/nigeria/components/nigeria-gate", INSIDES],
  ["features/payouts/server/lint-probe.ts", "@/features/transactions/worker/transactions.worker", INSIDES],
  ["components/layout/lint-probe.tsx", "@/features/nigeria/components/nigeria-gate", INSIDES],
  ["features/payouts/lint-probe.ts", "@/features/payouts/components/new-payout-screen", null],
  ["features/payouts/lint-probe.ts", "@/features/nigeria/payout-status", null],
  // Server code never reaches a client component; a type, or a server component, may.
  ["components/layout/lint-probe.tsx", `${USE_CLIENT}import { env } from "@/lib/server/env";`, CLIENT],
  ["features/settings/components/lint-probe.tsx", `${USE_CLIENT}import { save } from "../server/change-webhook";`, CLIENT],
  ["components/layout/lint-probe.tsx", `${USE_CLIENT}import type { Env } from "@/lib/server/env";`, null],
  ["components/layout/lint-probe.tsx", "@/lib/server/env", null],
  // A contract imports schemas for their types only; the BFF loads them lazily.
  ["features/settings/contracts.ts", "zod", CONTRACT],
  ["features/settings/contracts.ts", 'import type { Input } from "./schemas";', null],
];

describe("eslint.config.mjs boundaries", () => {
  it.each(probes)("%s imports %j", async (file, probe, expected) => {
    const found = await lint(file, codeOf(probe));
    expect(found).toEqual(expected ? [{ ruleId: expected.ruleId, message: expect.stringContaining(expected.fragment) as string }] : []);
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
