import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect, test } from "./fixtures";
import { DASHBOARD_URL } from "./env";

// Requests that fail before proxy.ts or any route handler runs: in Next's URL parsing, for a
// method its Request cannot hold, or in Node's HTTP parser. server.ts answers them. Raw
// node:http and sockets, since fetch (and Playwright's request) refuse or rewrite some of these.

const { hostname, port } = new URL(DASHBOARD_URL);
const ALL_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Bytes as given, for what no HTTP client will send; the answer is read to the socket's close. */
function sendRaw(text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let raw = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (raw += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = raw.split("\r\n\r\n", 2);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
    socket.end(text);
  });
}

function expectErrorShape(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  const { error } = JSON.parse(answer.body) as { error: { code: string; message: string; requestId: string } };
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.requestId).toMatch(UUID);
  expect(answer.headers["x-request-id"]).toBe(error.requestId);
  expect(answer.body).not.toMatch(/ at |Error:/);
}

// With no trusted proxy in front, the caller does not name its request in our logs and audit trail.
test("a request id sent by the caller is replaced by one the server makes", async ({ request }) => {
  const chosen = "copied-from-someone-elses-dialog-1234";
  const answer = await request.get("/api/health", { headers: { "X-Request-Id": chosen } });
  expect(answer.headers()["x-request-id"]).toMatch(UUID);
  expect(answer.headers()["x-request-id"]).not.toBe(chosen);
});

test.describe("malformed percent-encoding (Next answered a bare 500)", () => {
  for (const path of ["/api/transactions/%", "/api/payins/india/%ff%fe"]) {
    test(`${path} is a 400 in the error shape`, async () => {
      expectErrorShape(await send("GET", path), 400, "validation");
    });
  }

  test("a page path gets the not-found page, signed out", async () => {
    const answer = await send("GET", "/transactions/%ff");
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.body).toContain("Page not found");
    // The real page, through proxy.ts: its security headers are there.
    expect(answer.headers["content-security-policy"]).toContain("'nonce-");
  });

  test("the browser shows the not-found page and keeps the address it asked for", async ({ page }) => {
    const response = await page.goto("/transactions/%ff");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/transactions/%ff");
  });
});

test.describe("methods", () => {
  test("TRACE is a 405 with Allow anywhere, signed out (Next answered 500 and logged a stack)", async () => {
    for (const path of ["/api/health", "/", "/transactions"]) {
      const answer = await send("TRACE", path);
      expectErrorShape(answer, 405, "method_not_allowed");
      expect(answer.headers.allow).toBe(ALL_METHODS);
    }
  });

  test("PROPFIND is a 405 in the error shape (Next answered an empty 400)", async () => {
    const answer = await send("PROPFIND", "/api/health");
    expectErrorShape(answer, 405, "method_not_allowed");
    expect(answer.headers.allow).toBe(ALL_METHODS);
  });

  test("a token Node's parser does not know as a method is a 405 too (Node answered a bare 400)", async () => {
    const answer = await sendRaw(`BREW /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    expectErrorShape(answer, 405, "method_not_allowed");
  });

  test("DELETE /api/session, which the route does not export, is a 405 with the route's Allow (Next sent it empty)", async () => {
    const answer = await send("DELETE", "/api/session");
    expectErrorShape(answer, 405, "method_not_allowed");
    expect(answer.headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  test("the methods a route exports still reach it", async ({ request }) => {
    expect((await request.get("/api/health")).status()).toBe(200);
    const options = await send("OPTIONS", "/api/session");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toContain("GET");
  });
});

test.describe("answers outside the route handlers keep the error shape", () => {
  test("an unknown /api path is a JSON 404 (Next served its HTML page)", async ({ request }) => {
    for (const path of ["/api/nope", "/api", "/api/transactions/a/b"]) {
      const response = await request.get(path);
      expectErrorShape({ status: response.status(), headers: response.headers(), body: await response.text() }, 404, "not_found");
    }
  });

  test("a 20 KB header is a 431 in the error shape (Node answered a bare 431)", async () => {
    expectErrorShape(await send("GET", "/api/health", { "X-Padding": "a".repeat(20 * 1024) }), 431, "header_too_large");
  });

  test("a request line Node cannot parse is a 400 in the error shape", async () => {
    expectErrorShape(await sendRaw(`GET /api/he alth HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`), 400, "validation");
  });

  test("an absolute-form target is a 400, not Next's redirect to the named host", async () => {
    const answer = await sendRaw(`GET http://evil.example/api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    expectErrorShape(answer, 400, "validation");
    expect(answer.headers.location).toBeUndefined();
  });
});
