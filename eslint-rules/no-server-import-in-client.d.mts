// Types for the rule's test (tests/scripts/no-server-import-in-client.test.ts); the rule itself is plain JS for eslint.config.mjs.
import type { Rule } from "eslint";

declare const noServerImportInClient: Rule.RuleModule;
export default noServerImportInClient;
