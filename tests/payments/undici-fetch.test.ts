// The client's HTTP call (lib/payments/undici-fetch.ts) against a plain loopback
// server: what the transport relies on from a fetch, and nothing more.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { undiciFetch } from "@/lib/payments/undici-fetch";

let server: Server;
let base: string;
const seen: { method?: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (part: Buffer) => (body += part.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method, headers: req.headers, body });
      if (req.url === "/redirect") return void res.writeHead(302, { Location: "http://example.invalid/" }).end();
      if (req.url === "/empty") return void res.writeHead(204).end();
      if (req.url === "/ok") return void res.writeHead(200, { "X-Multi": ["a", "b"] }).end("fine");
      if (req.url === "/slow") return void setTimeout(() => res.end("late"), 5_000);
      res.writeHead(429, { "Content-Type": "application/json", "Retry-After": "7", "X-Request-Id": "req_1" });
      res.end(JSON.stringify({ code: "rate_limited", echo: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("undiciFetch", () => {
  it("sends the method, headers and exact body bytes, and hands back status, headers and text", async () => {
    const body = new TextEncoder().encode('{"note":"naïve ₦"}');
    const response = await undiciFetch(`${base}/x`, {
      method: "POST",
      headers: { "X-Service-Key": "k", "Content-Type": "application/json" },
      body,
    });
    expect(response.status).toBe(429);
    expect(response.ok).toBe(false);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.headers.get("x-request-id")).toBe("req_1");
    expect(JSON.parse(await response.text())).toEqual({ code: "rate_limited", echo: '{"note":"naïve ₦"}' });
    const request = seen.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.headers["x-service-key"]).toBe("k");
  });

  it("says ok for a 2xx and reads a repeated header as fetch's Headers would", async () => {
    const response = await undiciFetch(`${base}/ok`, { method: "GET" });
    expect(response.ok).toBe(true);
    expect(response.headers.get("X-Multi")).toBe("a, b");
    expect(response.headers.get("x-absent")).toBeNull();
    expect(await response.text()).toBe("fine");
  });

  it("does not follow a redirect, so signed headers never reach another host", async () => {
    const response = await undiciFetch(`${base}/redirect`, { method: "GET" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://example.invalid/");
  });

  it("answers a 204 with an empty body", async () => {
    const response = await undiciFetch(`${base}/empty`, { method: "GET" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("rejects when the signal aborts, like fetch", async () => {
    const controller = new AbortController();
    const pending = undiciFetch(`${base}/slow`, { method: "GET", signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
