// server/edge/compression.ts: the BFF's answers leave compressed as the client asks, including
// an answer whose Content-Type Next left as an array (vercel/next.js#98007), and never twice.
import { createServer, request, type OutgoingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAnswer, compressesAnswersFor, parseLoopbackCompression } from "@/server/edge/compression";

/** A list answer's size class: ~180 KB of rows with random ids, written in pieces as a stream would. */
const rows = Array.from({ length: 1_000 }, (_, i) => [
  `tx_${crypto.randomUUID()}`,
  "payin",
  "completed",
  `${i}.50`,
  "BRL",
  `ord-${crypto.randomUUID()}`,
]);
const LIST = JSON.stringify({ rows });

type Handler = (res: import("node:http").ServerResponse) => void;
const handlers: Record<string, Handler> = {
  // As Next 16 leaves a route handler's answer (seen in server.ts): Content-Type a one-element array.
  "/api/list": (res) => {
    res.setHeader("Content-Type", ["application/json"]);
    for (let at = 0; at < LIST.length; at += 16_384) res.write(LIST.slice(at, at + 16_384));
    res.end();
  },
  "/api/no-transform": (res) => {
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "no-store, no-transform");
    res.end(LIST);
  },
  "/api/already-gzip": (res) => {
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Content-Encoding", "gzip");
    res.end(gzipSync(LIST));
  },
};

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => compressAnswer(req, res, () => handlers[req.url ?? ""]!(res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(
  path: string,
  headers: OutgoingHttpHeaders,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("compressAnswer", () => {
  it("sends brotli to a browser (it accepts br), about a third of the bytes, decoding to the same answer", async () => {
    const { headers, body } = await get("/api/list", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(headers["content-encoding"]).toBe("br");
    expect(headers.vary).toContain("Accept-Encoding");
    expect(headers["content-type"]).toBe("application/json");
    expect(body.length).toBeLessThan(LIST.length / 2);
    expect(brotliDecompressSync(body).toString()).toBe(LIST);
  });

  it("sends gzip to a client that takes only gzip", async () => {
    const { headers, body } = await get("/api/list", { "Accept-Encoding": "gzip" });
    expect(headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(body).toString()).toBe(LIST);
  });

  it("sends the answer as it is to a client that asks for no encoding, or refuses both", async () => {
    for (const headers of [{}, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "br;q=0, gzip;q=0" }]) {
      const answer = await get("/api/list", headers);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(LIST);
    }
  });

  it("leaves an answer marked no-transform alone", async () => {
    const { headers, body } = await get("/api/no-transform", { "Accept-Encoding": "br" });
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe(LIST);
  });

  it("never encodes twice: an answer already encoded leaves as it came", async () => {
    const { headers, body } = await get("/api/already-gzip", { "Accept-Encoding": "gzip, br" });
    expect(headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(body).toString()).toBe(LIST);
  });
});

describe("compressesAnswersFor", () => {
  it("takes the BFF's paths and nothing else (Next compresses pages and static files itself)", () => {
    for (const url of ["/api/transactions?since=0&limit=100000", "/api/me", "/api/audit"]) expect(compressesAnswersFor(url)).toBe(true);
    for (const url of ["/transactions", "/", "/_next/static/chunks/a.js", "/_workers/transactions.js", "/apiary", "/api"]) {
      expect(compressesAnswersFor(url)).toBe(false);
    }
  });
});

describe("compressesAnswersFor a client on this machine", () => {
  const list = "/api/transactions?since=0&limit=100000";

  it("leaves the BFF's answers uncompressed for a loopback client: the bytes are free there, the encoding is not", () => {
    for (const client of ["127.0.0.1", "127.0.0.53", "::1"]) expect(compressesAnswersFor(list, client)).toBe(false);
  });

  it("compresses for any other client, and when the client is not known", () => {
    for (const client of ["203.0.113.7", "10.0.0.2", "::ffff:7f00:1", "2001:db8::1", "128.0.0.1", undefined]) {
      expect(compressesAnswersFor(list, client)).toBe(true);
    }
  });

  it("compresses for a loopback client too when LOOPBACK_ANSWERS_COMPRESSED=1, and never a page", () => {
    expect(compressesAnswersFor(list, "127.0.0.1", true)).toBe(true);
    expect(compressesAnswersFor("/transactions", "203.0.113.7", true)).toBe(false);
  });

  it("reads LOOPBACK_ANSWERS_COMPRESSED as 0 or 1 and refuses anything else", () => {
    expect(parseLoopbackCompression(undefined)).toBe(false);
    expect(parseLoopbackCompression("")).toBe(false);
    expect(parseLoopbackCompression("0")).toBe(false);
    expect(parseLoopbackCompression("1")).toBe(true);
    for (const text of ["yes", "true", " 1", "2"])
      expect(() => parseLoopbackCompression(text)).toThrow(/LOOPBACK_ANSWERS_COMPRESSED must be 0 or 1/);
  });
});
