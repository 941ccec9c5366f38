import path from "node:path";

// A "use client" module must never import server-only code (lib/server, lib/payments, a feature's server/):
// it would ship the BFF's secrets-handling code to the browser, or fail the build late.
// The "server-only" marker catches this at build time; this rule says so in the editor.
const SERVER_ONLY = /^(?:lib\/(?:server|payments)|features\/[^/]+\/server)(?:\/|$)|^server-only$/;

/** The import as a path from the repository root ("@/x" and "./x" alike), or the bare name. */
function fromRoot(source, filename, cwd) {
  if (source.startsWith("@/")) return source.slice(2);
  if (!source.startsWith(".")) return source;
  return path
    .relative(cwd, path.resolve(path.dirname(filename), source))
    .split(path.sep)
    .join("/");
}

/** @type {import("eslint").Rule.RuleModule} */
const noServerImportInClient = {
  meta: {
    type: "problem",
    docs: { description: "Forbid server-only imports in client components" },
    messages: { serverImport: "Client components must not import server-only code ({{source}})." },
    schema: [],
  },
  create(context) {
    let isClient = false;
    return {
      Program(node) {
        const first = node.body[0];
        isClient = first?.type === "ExpressionStatement" && first.directive === "use client";
      },
      ImportDeclaration(node) {
        if (!isClient || node.importKind === "type") return;
        const source = String(node.source.value);
        if (SERVER_ONLY.test(fromRoot(source, context.filename, context.cwd)))
          context.report({ node, messageId: "serverImport", data: { source } });
      },
    };
  },
};

export default noServerImportInClient;
