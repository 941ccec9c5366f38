/** @type {import('next').NextConfig} */
// Built by `npm run bench` into its own folder (gitignored as .next-*), never by the app's build.
//
// pageExtensions: Turbopack looks for proxy.*, middleware.* and instrumentation.* from this
// folder up to its root, the repo (which holds the lockfile and node_modules), so it found
// the dashboard's proxy.ts and instrumentation.ts and built them into the empty page (the
// proxy's `@/` imports then failed to resolve). With "tsx" alone, only a proxy.tsx or
// instrumentation.tsx would be one; the dashboard's are .ts, and this app's two files are
// .tsx. The page itself is what Next builds for any App Router page: nothing else changes.
//
// typescript: the bench builds without a type check (scripts/bench/processes.ts), as it does the dashboard.
export default {
  distDir: ".next-bench",
  poweredByHeader: false,
  pageExtensions: ["tsx"],
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPE_CHECK === "1" },
};
