// Bundles the transactions worker into one classic script at a fixed URL, /_workers/transactions.js,
// so the server-rendered page starts it from its first bytes instead of after its JS has run
// (~0.4 s); proxy.ts answers it `no-store`. next.config.mjs runs this at the start of `next build`
// (watching for `next dev`), so every build ships its matching worker (docs/decisions/0060, 0125).
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the file is served from; features/transactions/worker/url.ts names the same path for the page. */
export const WORKER_OUTFILE = path.join(ROOT, "public", "_workers", "transactions.js");

/** @returns {import("esbuild").BuildOptions} */
function options(production) {
  return {
    absWorkingDir: ROOT,
    entryPoints: ["features/transactions/worker/transactions.worker.ts"],
    outfile: WORKER_OUTFILE,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: production,
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
    tsconfig: "tsconfig.json",
    // Contracts name a loader for their input schemas, which only the BFF calls (lib/contracts/contract.ts):
    // left out, the worker carries no zod.
    external: ["./inputs/*"],
    define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
  };
}

/** One production build, synchronously (next.config.mjs runs it before Next reads the app). */
export function buildTransactionsWorker() {
  esbuild.buildSync(options(true));
}

/** Rebuilds on every change while `next dev` runs. */
export async function watchTransactionsWorker() {
  const context = await esbuild.context(options(false));
  await context.watch();
}
