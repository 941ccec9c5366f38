// The empty page's build is the same from run to run (its five files and Next's version do not
// change): rebuilt only when what it is built from has changed (~3–12 s of the bench, issue 60).
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where a build keeps the key of the sources it was built from. */
const KEY_FILE = "bench-sources.sha256";

async function filesUnder(dir: string, skip: ReadonlySet<string>): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((entry) => !skip.has(entry.name))
      .map(async (entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name), skip) : [path.join(dir, entry.name)])),
  );
  return files.flat().sort();
}

/**
 * A hash of every file of `projectDir` (but `skip`, the build's own folders) and of `extraFiles`
 * (the lockfile: Next's and React's versions), names and contents.
 */
export async function sourcesKey(projectDir: string, skip: readonly string[], extraFiles: readonly string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const file of [...(await filesUnder(projectDir, new Set(skip))), ...extraFiles]) {
    hash.update(`${path.relative(projectDir, file)}\0`);
    hash.update(await readFile(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether the build in `distDir` was made from sources with this key (its BUILD_ID written, so it finished). */
export async function builtFrom(distDir: string, key: string): Promise<boolean> {
  const [saved, buildId] = await Promise.all(
    [KEY_FILE, "BUILD_ID"].map((name) => readFile(path.join(distDir, name), "utf8").catch(() => null)),
  );
  return buildId !== null && saved === key;
}

/** Records, once a build has succeeded, the key of the sources it was made from. */
export const rememberBuild = (distDir: string, key: string) => writeFile(path.join(distDir, KEY_FILE), key);
