import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWERS, rawResponse, renderAnswer } from "@/server/edge/answer";
import { answerForClientError, clientErrorListener, isHeadRequest } from "@/server/edge/client-error";
import { edgeLogLine, logsWarnings, startupWarningLine } from "@/server/edge/log";
import { parseServerOptions } from "@/server/edge/options";

const ID = "0f8e2c4a-6b1d-4e3f-9a7c-5d2b8e1f0a63";

describe("renderAnswer", () => {
  it("is the BFF's error shape with the request id in body and header, never cached or sniffed", () => {
    const { status, headers, body } = renderAnswer(ANSWERS.notFound, ID);
    expect(status).toBe(404);
    expect(JSON.parse(body)).toEqual({ error: { code: "not_found", message: "Not found.", requestId: ID } });
    expect(headers).toMatchObject({
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Request-Id": ID,
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    });
    expect(headers).not.toHaveProperty("Allow");
  });

  it("lists the allowed methods of a 405", () => {
    const { status, headers, body } = renderAnswer(ANSWERS.methodNotAllowed(["GET", "HEAD", "OPTIONS"]), ID);
    expect(status).toBe(405);
    expect(headers.Allow).toBe("GET, HEAD, OPTIONS");
    expect(JSON.parse(body).error.code).toBe("method_not_allowed");
  });

  it("gives each edge code its status", () => {
    expect([ANSWERS.malformedUrl, ANSWERS.notAPath, ANSWERS.unreadable].map((a) => [a.status, a.code])).toEqual([
      [400, "validation"],
      [400, "validation"],
      [400, "validation"],
    ]);
    expect([ANSWERS.headersTooLarge.status, ANSWERS.headersTooLarge.code]).toEqual([431, "header_too_large"]);
    expect([ANSWERS.unknownMethod.status, ANSWERS.internal.status]).toEqual([405, 500]);
  });
});

describe("rawResponse, for a socket the parser gave up on", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // A bare TCP answer: whatever the client sent, it gets the raw response, as in 'clientError'.
    server = createServer();
    server.on("connection", (socket) => socket.end(rawResponse(renderAnswer(ANSWERS.headersTooLarge, ID))));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is a well-formed HTTP/1.1 response that Node's own client reads, body and all", async () => {
    const { status, headers, body } = await new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = request({ port, host: "127.0.0.1", path: "/" }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
        });
        req.on("error", reject);
        req.end();
      },
    );
    expect(status).toBe(431);
    expect(headers.connection).toBe("close");
    expect(headers["x-request-id"]).toBe(ID);
    expect(JSON.parse(body)).toEqual({ error: { code: "header_too_large", message: "The request headers are too large.", requestId: ID } });
  });
});

describe("answerForClientError", () => {
  it("maps Node's parser errors to the error shape", () => {
    expect(answerForClientError("HPE_HEADER_OVERFLOW")).toBe(ANSWERS.headersTooLarge);
    expect(answerForClientError("HPE_INVALID_METHOD")).toMatchObject({ status: 405, allow: expect.arrayContaining(["GET", "OPTIONS"]) });
    for (const code of ["HPE_INVALID_URL", "HPE_INVALID_HEADER_TOKEN", "HPE_INVALID_VERSION", undefined]) {
      expect(answerForClientError(code)).toBe(ANSWERS.unreadable);
    }
  });

  it("tells a HEAD request by the bytes the parser choked on, so its answer goes without a body", () => {
    expect(isHeadRequest(Buffer.from("HEAD /api/health HTTP/1.1\r\nX-Padding: ppp"))).toBe(true);
    expect(isHeadRequest(Buffer.from("GET /api/health HTTP/1.1\r\n"))).toBe(false);
    expect(isHeadRequest(Buffer.from("HEADX / HTTP/1.1"))).toBe(false);
    expect(isHeadRequest(Buffer.from("X-Padding: ppp"))).toBe(false);
    expect(isHeadRequest(undefined)).toBe(false);
    // On a kept-alive connection the chunk may start with the previous request's body tail,
    // and hold a complete request before the failing one: the last request line up to the
    // failing byte decides.
    const chunk = Buffer.from("POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nabcdHEAD /caf\u00e9 HTTP/1.1\r\n", "latin1");
    expect(isHeadRequest(chunk, chunk.indexOf("\u00e9", 0, "latin1"))).toBe(true);
    const tail = Buffer.from("xyz}HEAD /a HTTP/1.1\r\nHost: x\r\n\r\nGET /caf\u00e9 HTTP/1.1\r\n", "latin1");
    expect(isHeadRequest(tail, tail.indexOf("\u00e9", 0, "latin1"))).toBe(false);
    const rendered = renderAnswer(ANSWERS.headersTooLarge, ID);
    const head = rawResponse(rendered, { head: true });
    expect(head.endsWith("\r\n\r\n")).toBe(true);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(rendered.body)}`);
    expect(rawResponse(rendered).endsWith(rendered.body)).toBe(true);
  });

  it("answers nobody when the peer is gone or never finished its headers", () => {
    expect(answerForClientError("ECONNRESET")).toBeNull();
    expect(answerForClientError("ERR_HTTP_REQUEST_TIMEOUT")).toBeNull();
  });
});

describe("clientErrorListener on a real server", () => {
  let server: Server;
  let port: number;
  const logged: { status: number; code: string; requestId: string }[] = [];
  beforeAll(async () => {
    server = createServer((_req, res) => res.end("ok"));
    server.on(
      "clientError",
      clientErrorListener((fields) => logged.push(fields)),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (method: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const all = body === undefined ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body)) };
      const req = request({ port, host: "127.0.0.1", method, path: "/api/health", headers: all }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    });

  it("lets a client still uploading a large body read its 431: one answer and one log line per connection, though the parser reports every later chunk", async () => {
    logged.length = 0;
    const padding = { "X-Padding": "p".repeat(20 * 1024) };
    for (let i = 0; i < 3; i++) {
      const answer = await send("POST", padding, "x".repeat(2 * 1024 * 1024));
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body).error).toMatchObject({ code: "header_too_large", requestId: answer.headers["x-request-id"] });
    }
    expect(logged.map(({ status }) => status)).toEqual([431, 431, 431]);
  });

  it("answers a HEAD without a body, so the client reads a clean response", async () => {
    const answer = await send("HEAD", { "X-Padding": "p".repeat(20 * 1024) });
    expect(answer.status).toBe(431);
    expect(answer.body).toBe("");
  });

  it("finds the HEAD that failed behind an earlier request on the same connection", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
      socket.end(
        Buffer.from("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nabcdHEAD /caf\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n", "latin1"),
      );
    });
    const second = raw.slice(raw.indexOf("HTTP/1.1 400"));
    expect(raw.startsWith("HTTP/1.1 200")).toBe(true);
    expect(second).toMatch(/^HTTP\/1\.1 400 /);
    expect(second.endsWith("\r\n\r\n")).toBe(true);
  });

  it("answers a method token the parser does not know with 405 and Allow", async () => {
    const answer = await send("BREW", {});
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });
});

describe("log lines", () => {
  const now = new Date("2026-01-02T03:04:05.000Z");

  it("are one JSON line with the path only (no query), cut short", () => {
    const line = edgeLogLine(
      { requestId: ID, status: 404, code: "not_found", method: "GET", path: `/api/${"x".repeat(500)}?token=secret` },
      now,
    );
    expect(line).not.toContain("\n");
    expect(line).not.toContain("secret");
    const fields = JSON.parse(line);
    expect(fields).toMatchObject({
      time: "2026-01-02T03:04:05.000Z",
      level: "warn",
      message: "edge answer",
      requestId: ID,
      status: 404,
      code: "not_found",
    });
    expect(fields.path).toHaveLength(200);
  });

  it("escape whatever bytes a path holds", () => {
    const fields = JSON.parse(edgeLogLine({ requestId: ID, status: 400, code: "validation", path: '/api/\u0000"\n%ff' }, now));
    expect(fields.path).toBe('/api/\u0000"\n%ff');
  });

  it("name the routes whose methods could not be read", () => {
    expect(JSON.parse(startupWarningLine("route methods unread", ["/api/a", "/api/b"], now))).toMatchObject({
      level: "warn",
      routes: "/api/a /api/b",
    });
  });

  it("follow LOG_LEVEL as the dashboard's logger does", () => {
    expect([undefined, "debug", "info", "warn"].map(logsWarnings)).toEqual([true, true, true, true]);
    expect(["error", "silent"].map(logsWarnings)).toEqual([false, false]);
  });
});

describe("parseServerOptions", () => {
  it("reads next start's flags, both spellings", () => {
    expect(parseServerOptions(["-p", "3100"], {})).toEqual({ dev: false, port: 3100, hostname: undefined, trustedProxyHops: 0 });
    expect(parseServerOptions(["--port=4000", "--hostname", "127.0.0.1", "--dev"], {})).toEqual({
      dev: true,
      port: 4000,
      hostname: "127.0.0.1",
      trustedProxyHops: 0,
    });
    expect(parseServerOptions(["-H", "::1", "--port", "0"], {})).toEqual({ dev: false, port: 0, hostname: "::1", trustedProxyHops: 0 });
  });

  it("falls back to PORT, then 3000, and never to HOSTNAME", () => {
    expect(parseServerOptions([], { PORT: "8080", HOSTNAME: "box" })).toEqual({
      dev: false,
      port: 8080,
      hostname: undefined,
      trustedProxyHops: 0,
    });
    expect(parseServerOptions([], {})).toMatchObject({ port: 3000 });
    expect(parseServerOptions(["-p", "9"], { PORT: "8080" })).toMatchObject({ port: 9 });
  });

  it("rejects what it does not know", () => {
    expect(() => parseServerOptions(["-p"], {})).toThrow(/needs a value/);
    expect(() => parseServerOptions(["-p", "70000"], {})).toThrow(/Invalid port/);
    expect(() => parseServerOptions(["-p", "12ab"], {})).toThrow(/Invalid port/);
    expect(() => parseServerOptions(["--turbo"], {})).toThrow(/Unknown argument/);
  });
});
