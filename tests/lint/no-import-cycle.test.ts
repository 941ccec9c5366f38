// The import-circle rule (eslint-rules/no-import-cycle.mjs) over small files written to a temporary
// folder: the file under lint is given as code, the files it imports are read from disk as in a lint run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import rule from "@/eslint-rules/no-import-cycle.mjs";

RuleTester.describe = describe;
RuleTester.it = it;

const dir = mkdtempSync(path.join(tmpdir(), "no-import-cycle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  "a.ts": `import { b } from "./b";\nexport const a = 1;`,
  "b.ts": `import { a } from "./a";\nexport const b = a;`,
  "typed.ts": `import { uses } from "./uses-type";\nexport type Typed = { n: number };`,
  "uses-type.ts": `import type { Typed } from "./typed";\nexport const uses = (t: Typed) => t.n;`,
  "lazy.ts": `import { loader } from "./loads-lazily";\nexport const lazy = 1;`,
  "loads-lazily.ts": `export const loader = () => import("./lazy");`,
  "first.ts": `import "./second";`,
  "second.ts": `import "./third";`,
  "third.ts": `export * from "./first";`,
  "leaf.ts": `export const leaf = 1;`,
  "uses-leaf.ts": `import { leaf } from "./leaf";\nexport const usesLeaf = leaf;`,
  "folder/index.ts": `import { c } from "../via-index";\nexport const d = c;`,
  "via-index.ts": `export const c = 1;`,
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), text);
}

const at = (name: string) => path.join(dir, name);
/** The trail the rule prints: each file from the repository root, the linted one first and last. */
const trail = (...names: string[]) => names.map((name) => path.relative(process.cwd(), at(name))).join(" → ");

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } });

tester.run("no-import-cycle", rule, {
  valid: [
    { name: "an import that leads nowhere back", code: `import { usesLeaf } from "./uses-leaf";`, filename: at("a-new-file.ts") },
    { name: "a dynamic import() back does not count", code: files["lazy.ts"]!, filename: at("lazy.ts") },
    { name: "packages are not followed", code: `import { z } from "zod";`, filename: at("leaf.ts") },
    { name: "a folder's index, no way back", code: `import { d } from "./folder";`, filename: at("leaf.ts") },
  ],
  invalid: [
    {
      name: "two files importing each other",
      code: files["a.ts"]!,
      filename: at("a.ts"),
      errors: [{ messageId: "cycle", data: { trail: trail("a.ts", "b.ts", "a.ts") } }],
    },
    {
      name: "a type-only import back counts",
      code: files["typed.ts"]!,
      filename: at("typed.ts"),
      errors: [{ messageId: "cycle", data: { trail: trail("typed.ts", "uses-type.ts", "typed.ts") } }],
    },
    {
      name: "a circle through three files, closed by a re-export",
      code: files["first.ts"]!,
      filename: at("first.ts"),
      errors: [{ messageId: "cycle", data: { trail: trail("first.ts", "second.ts", "third.ts", "first.ts") } }],
    },
    {
      name: "a re-export back",
      code: `export { b } from "./b";`,
      filename: at("a.ts"),
      errors: [{ messageId: "cycle", data: { trail: trail("a.ts", "b.ts", "a.ts") } }],
    },
    {
      name: "a circle through a folder's index",
      code: `import { d } from "./folder";\nexport const c = 1;`,
      filename: at("via-index.ts"),
      errors: [{ messageId: "cycle", data: { trail: trail("via-index.ts", "folder/index.ts", "via-index.ts") } }],
    },
    {
      name: "a file importing itself",
      code: `import { leaf } from "./leaf";\nexport const again = leaf;`,
      filename: at("leaf.ts"),
      errors: [{ messageId: "cycle", data: { trail: trail("leaf.ts", "leaf.ts") } }],
    },
  ],
});
