// No module may reach itself through its imports. A circle makes the order two modules load in
// matter (one sees the other half-built) and makes neither movable alone. Type-only imports count:
// they tie the two files together just the same. import/no-cycle skips them, so this rule is ours.
// A dynamic import() does not count: it loads after both modules have run (a contract's lazy
// input loader is one, lib/contracts/contract.ts).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];

/** file → the project files it imports statically; read once per lint run. */
const imports = new Map();

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function importsOf(file) {
  let found = imports.get(file);
  if (found) return found;
  found = [];
  imports.set(file, found);
  if (!/\.(m?ts|tsx|m?js)$/.test(file) || file.includes(`${path.sep}node_modules${path.sep}`)) return found;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  for (const statement of source.statements) {
    const specifier = statement.moduleSpecifier;
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && specifier && ts.isStringLiteral(specifier)) {
      const target = resolve(file, specifier.text);
      if (target) found.push(target);
    }
  }
  return found;
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    for (const next of importsOf(file)) {
      if (next === goal) return trail;
      if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...trail, next]]);
      }
    }
  }
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import circles, type-only imports included" },
    messages: { cycle: "Import circle: {{trail}}. Move what both need into a file each imports." },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    function check(node) {
      if (!node.source) return;
      const target = resolve(file, String(node.source.value));
      if (!target) return;
      const back = target === file ? [] : pathBack(target, file);
      if (!back) return;
      const trail = [file, ...back, file].map((f) => path.relative(ROOT, f)).join(" → ");
      context.report({ node, messageId: "cycle", data: { trail } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default noImportCycle;
