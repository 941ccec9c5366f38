// The lint rule that keeps server code out of client modules, now also a feature's server/ folder,
// reached by "@/" or by a relative path.
import path from "node:path";
import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import rule from "@/eslint-rules/no-server-import-in-client.mjs";

RuleTester.describe = describe;
RuleTester.it = it;

const root = process.cwd();
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });

tester.run("no-server-import-in-client", rule, {
  valid: [
    { code: `"use client";\nimport { x } from "@/features/transactions/url-state";`, filename: at("features/nigeria/components/a.tsx") },
    { code: `import { x } from "../server/registry";`, filename: at("features/transactions/components/a.tsx") },
  ],
  invalid: [
    ...["@/lib/server/env", "@/lib/payments", "@/features/payouts/server/payout-reads", "../server/registry", "server-only"].map(
      (source) => ({
        code: `"use client";\nimport { x } from "${source}";`,
        filename: at("features/transactions/components/a.tsx"),
        errors: [{ messageId: "serverImport" }],
      }),
    ),
  ],
});
