// Bundles server.ts into one plain ES module, `<distDir>/server.mjs` (`npm start`), with esbuild,
// after `next build` compiles. Under plain Node it starts faster than under tsx and production
// runs no transpiler (docs/decisions/0071). Packages stay outside; "server-only" becomes an empty
// module, since the whole process under react-server would change how React and Next resolve.
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
