// Marks the browser's chunks for eager compilation with V8's explicit compile hint, a
// `//# allFunctionsCalledOnLoad` comment on the file's first line (Chrome 136+; other engines
// read a comment). next.config.mjs runs this right after `next build` compiles, so every build,
// whatever calls it, ships marked chunks.
//
// Why: V8 compiles a function the first time it is called, on the main thread. On a fresh visit
// to /transactions that lazy compilation was ~350 ms of the page's main thread (1,470 functions,
// Chromium trace), much of it inside hydration's tasks, so a click made then waited 150–370 ms.
// A marked script is compiled whole while it streams in, on a background thread: the main thread's
// compilation fell to ~85 ms and its work during the load from ~630 to ~450 ms of thread time.
// Nearly every function in these chunks runs on load (React, the router, the page's own code);
// the lazily loaded ones (the charts) are compiled the same way when they load.
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
