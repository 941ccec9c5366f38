// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file under `<distDir>/static`,
// for server.ts to send as they are (server/edge/static-files.ts); next.config.mjs runs it after
// the compile hints. `next start` gzipped each chunk on every request, 5–20 ms of the event loop
// each on the bench machine (docs/decisions/0125).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** What is worth compressing: Next's static folder holds scripts, stylesheets, icons and JSON manifests; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The two copies of `source`, as written beside it. */
async function compressedCopies(source) {
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_DEFAULT_COMPRESSION }),
  ]);
  return { br, gz };
}

/** Compresses every compressible file under `<distDir>/static`; returns how many. */
export async function precompressStatic(distDir) {
  const root = path.join(distDir, "static");
  const files = (await readdir(root, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(root, name);
      const { br, gz } = await compressedCopies(await readFile(file));
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}
