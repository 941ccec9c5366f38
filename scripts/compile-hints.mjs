// Marks the browser's chunks for eager compilation (V8's `//# allFunctionsCalledOnLoad` on the first
// line); next.config.mjs runs it after `next build` compiles. Lazy compilation was ~350 ms of a
// fresh /transactions' main thread, delaying clicks; marked, it falls to ~85 ms, done off-thread
// while the script streams in (docs/decisions/0067, 0125).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** @internal */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Prepends the hint to every `.js` file under `<distDir>/static/chunks` that lacks it; returns how many it marked. */
export async function addCompileHints(distDir) {
  const chunks = path.join(distDir, "static", "chunks");
  const files = (await readdir(chunks, { recursive: true })).filter((name) => name.endsWith(".js"));
  let marked = 0;
  for (const name of files) {
    const file = path.join(chunks, name);
    const source = await readFile(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    await writeFile(file, COMPILE_HINT + source);
    marked += 1;
  }
  return marked;
}
