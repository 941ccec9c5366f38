// Types for the rule's test (tests/lint/no-import-cycle.test.ts); the rule itself is plain JS for eslint.config.mjs.
import type { Rule } from "eslint";

declare const noImportCycle: Rule.RuleModule;
export default noImportCycle;
