// Next's hashed static files (`/_next/static/…`) sent from the compressed copies the build wrote
// (scripts/precompress-static.mjs), read into memory at start (~1 MB), brotli or else gzip.
// Everything else goes to Next as before: other methods, ranges, other encodings, files without
// copies, paths that leave the folder.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const STATIC_PREFIX = "/_next/static/";

/** Next's own header for these files: their names change whenever their content does. */
const IMMUTABLE = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".mjs": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
};

/** @internal */
export type Encoding = "br" | "gzip";

/**
 * The encoding to send for an Accept-Encoding header: brotli if the client takes it, else gzip,
 * else null. A coding is taken when it (or `*`) is listed without `q=0`.
 * @internal
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (name === "") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const takes = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return null;
}

/**
 * The file under `root` a request path names, or null when it does not decode or would leave `root`.
 * @internal
 */
export function staticFileOf(root: string, url: string): string | null {
  const pathname = url.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith(STATIC_PREFIX)) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(STATIC_PREFIX.length));
  } catch {
    return null;
  }
  if (relative === "" || relative.includes("\0")) return null;
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

type Copies = { br: Buffer; gzip: Buffer; contentType: string };

/** Every file under `root` with both copies and a type this serves, by its absolute path. */
function readAllCopies(root: string): Map<string, Copies> {
  const copies = new Map<string, Copies>();
  if (!existsSync(root)) return copies;
  const names = new Set(readdirSync(root, { recursive: true, encoding: "utf8" }));
  for (const name of names) {
    const contentType = CONTENT_TYPES[path.extname(name)];
    if (!contentType || !names.has(`${name}.br`) || !names.has(`${name}.gz`)) continue;
    const file = path.join(root, name);
    copies.set(file, { br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`), contentType });
  }
  return copies;
}

/**
 * A handler for `<distDir>/static`: true when it answered, false when the request is Next's. The
 * build's files do not change while it runs, so what it holds is read here, once.
 */
export function staticFiles(distDir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const root = path.resolve(distDir, "static");
  const copies = readAllCopies(root);
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // A byte range is of the file as Next sends it, which answers ranges; these copies are whole.
    if (req.headers.range !== undefined) return false;
    const file = staticFileOf(root, req.url ?? "");
    if (file === null) return false;
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    if (encoding === null) return false;
    const found = copies.get(file);
    if (!found) return false;
    const body = found[encoding];
    res.writeHead(200, {
      "Content-Type": found.contentType,
      "Content-Encoding": encoding,
      "Content-Length": body.length,
      "Cache-Control": IMMUTABLE,
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
