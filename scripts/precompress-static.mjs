// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file under `<distDir>/static`
// (the hashed, immutable chunks, stylesheets and icons), for server.ts to send as they are
// (server/edge/static-files.ts). next.config.mjs runs this after the compile hints are added, so
// the copies hold the files as shipped.
//
// Why: `next start` gzips every static file again on every request, in the page's own process. On
// the 2-core bench machine that was 5–20 ms of the event loop per chunk, one after another: a
// fresh /transactions asked for its 13 scripts at ~60 ms and got the last at ~330–580 ms, while the
// document's render and the list's answers waited behind them. Compressed once here, a request
// costs a memory copy. Brotli at its best quality (a build-time cost, ~4 s of CPU for the whole
// folder, spread over libuv's threads) is 14% smaller than gzip; gzip stays at zlib's default
// level, what Next's on-the-fly compression sends, for clients without brotli (and so the bench's
// gzip byte counts stay comparable with its empty Next.js page).
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
