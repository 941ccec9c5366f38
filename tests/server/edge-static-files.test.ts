// server/edge/static-files.ts: the build's static files leave from their compressed copies, as the
// client takes them; every other request is Next's, untouched.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressStatic } from "@/scripts/precompress-static.mjs";
import { chooseEncoding, staticFileOf, staticFiles } from "@/server/edge/static-files";

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR", "br"],
    ["*", "br"],
    ["*;q=0, gzip;q=0.5", "gzip"],
    ["br;q=nonsense, gzip", "gzip"],
    ["gzip;q=0", null],
    ["identity", null],
    ["", null],
    [undefined, null],
    [["deflate", "gzip"], "gzip"],
  ] as const)("%j → %s", (header, expected) => {
    expect(chooseEncoding(header as string | string[] | undefined)).toBe(expected);
  });
});

describe("staticFileOf", () => {
  const root = path.resolve("/srv/build/static");
  it("names the file under the static folder, without the query", () => {
    expect(staticFileOf(root, "/_next/static/chunks/a.js?v=1")).toBe(path.join(root, "chunks", "a.js"));
    expect(staticFileOf(root, "/_next/static/chunks/app%20x.js")).toBe(path.join(root, "chunks", "app x.js"));
  });
  it.each([
    "/_next/static/../../server.ts",
    "/_next/static/%2e%2e/%2e%2e/server.ts",
    "/_next/static/chunks/..%2f..%2f..%2fetc/passwd",
    "/_next/static/%E0%A4%A",
    "/_next/static/a%00.js",
    "/_next/static/",
    "/_next/image?url=x",
    "/transactions",
  ])("refuses %s (Next answers it)", (url) => {
    expect(staticFileOf(root, url)).toBeNull();
  });
});

describe("staticFiles", () => {
  const SCRIPT = `//# allFunctionsCalledOnLoad\n${"console.log('chunk');".repeat(200)}`;
  let distDir: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "static-files-"));
    await mkdir(path.join(distDir, "static", "chunks"), { recursive: true });
    await writeFile(path.join(distDir, "static", "chunks", "a.js"), SCRIPT);
    await writeFile(path.join(distDir, "static", "chunks", "s.css"), "body{}");
    await precompressStatic(distDir);
    // Written after the copies, as a file the compile step did not see: Next's to send.
    await writeFile(path.join(distDir, "static", "chunks", "late.js"), "late();");
    const send = staticFiles(distDir);
    server = createServer((req, res) => {
      if (send(req, res)) return;
      res.writeHead(299, { "X-Answered-By": "next" }).end("next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(distDir, { recursive: true, force: true });
  });

  function get(url: string, headers: Record<string, string> = {}, method = "GET") {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: url, method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("sends brotli to a browser, with Next's caching and the file's type", async () => {
    const res = await get("/_next/static/chunks/a.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("sends gzip to a client without brotli, and the stylesheet as CSS", async () => {
    const res = await get("/_next/static/chunks/a.js?dpl=1", { "Accept-Encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
    const css = await get("/_next/static/chunks/s.css", { "Accept-Encoding": "br" });
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(brotliDecompressSync(css.body).toString()).toBe("body{}");
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get("/_next/static/chunks/a.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(res.status).toBe(200);
    expect(Number(res.headers["content-length"])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });

  it.each([
    ["a client that takes neither encoding", "/_next/static/chunks/a.js", { "Accept-Encoding": "identity" }, "GET"],
    ["a file without copies", "/_next/static/chunks/late.js", { "Accept-Encoding": "br" }, "GET"],
    ["a file that does not exist", "/_next/static/chunks/missing.js", { "Accept-Encoding": "br" }, "GET"],
    ["a copy asked for by name", "/_next/static/chunks/a.js.br", { "Accept-Encoding": "br" }, "GET"],
    ["a path out of the folder", "/_next/static/%2e%2e/%2e%2e/etc/passwd", { "Accept-Encoding": "br" }, "GET"],
    ["another method", "/_next/static/chunks/a.js", { "Accept-Encoding": "br" }, "POST"],
    ["a byte range (a resumed download)", "/_next/static/chunks/a.js", { "Accept-Encoding": "br", Range: "bytes=100-" }, "GET"],
    ["a page", "/transactions", { "Accept-Encoding": "br" }, "GET"],
  ])("leaves %s to Next", async (_what, url, headers, method) => {
    const res = await get(url, headers, method);
    expect(res.status).toBe(299);
    expect(res.headers["x-answered-by"]).toBe("next");
  });
});
