// Where `next build` put its output, as next.config.mjs says: server.ts reads the build's route
// table from there, the demo checks for a build there, and the secret-leak spec scans it.
// Next's config may be an object or, as ours is, a function of the phase
// (https://nextjs.org/docs/app/api-reference/config/next-config-js): reading `.distDir` off a
// function found nothing, and a server started with NEXT_DIST_DIR read `.next`'s table instead.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PHASE_PRODUCTION_SERVER } from "next/constants.js";

type NextConfig = { distDir?: string };
/** @internal */
export type NextConfigExport = NextConfig | ((phase: string, context: { defaultConfig: object }) => NextConfig | Promise<NextConfig>);

/**
 * The build folder `next start` would use, relative to the project (Next's default: `.next`).
 * @internal
 */
export async function distDirOf(configExport: NextConfigExport): Promise<string> {
  const config = typeof configExport === "function" ? await configExport(PHASE_PRODUCTION_SERVER, { defaultConfig: {} }) : configExport;
  return config.distDir ?? ".next";
}

/** The same for the project in `projectDir`, from its next.config.mjs: ask it rather than repeat it. */
export async function projectDistDir(projectDir: string): Promise<string> {
  const loaded = (await import(pathToFileURL(path.join(projectDir, "next.config.mjs")).href)) as { default: NextConfigExport };
  return distDirOf(loaded.default);
}
