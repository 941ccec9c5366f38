import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { addCompileHints } from "./scripts/compile-hints.mjs";
import { precompressStatic } from "./scripts/precompress-static.mjs";
import { bundleServer } from "./scripts/server-bundle.mjs";
import { buildTransactionsWorker, watchTransactionsWorker } from "./scripts/transactions-worker-build.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Lets parallel builds (benchmarks, the empty-page baseline) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Skipped where the code was just checked: `npm test`, whose `npm run typecheck` (next typegen,
  // then tsc over the code and Next's route validator) runs first, and `npm run bench`, which builds
  // only to measure (scripts/bench/processes.ts). The check was ~35 s of a fresh clone's build.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPE_CHECK === "1" },
  compiler: {
    // scripts/compile-hints.mjs says why the browser's chunks are compiled eagerly, and
    // scripts/precompress-static.mjs why they are compressed here (after the hints: the copies
    // hold the files as shipped). scripts/server-bundle.mjs says why server.ts ships bundled.
    runAfterProductionCompile: async ({ distDir }) => {
      await addCompileHints(distDir);
      await precompressStatic(distDir);
      await bundleServer(distDir);
    },
  },
};

// The config is read by the build's main process and again by its workers: the transactions
// worker (scripts/transactions-worker-build.mjs says why it is built apart) is bundled once per build.
const WORKER_BUILT = "MERCHANT_CONSOLE_WORKER_BUILT";

export default async function config(phase) {
  if (!process.env[WORKER_BUILT] && (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER)) {
    process.env[WORKER_BUILT] = "1";
    if (phase === PHASE_PRODUCTION_BUILD) buildTransactionsWorker();
    else await watchTransactionsWorker();
  }
  return nextConfig;
}
