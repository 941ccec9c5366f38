import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, DEMO_PASSWORD, signInWithFactor, stubDashboardEnv, testDatabase } from "../server/support/bff-harness";
import { cookieJar } from "../server/support/cookie-jar";
import { tcpProxy, type TcpProxy } from "../support/db-network";

vi.mock("next/headers", () => import("../server/support/next-headers-mock"));

// With the database unreachable, every signed-in route answers 503 database_unavailable in
// the error shape and sends nothing upstream. The app reaches its database through a TCP
// proxy the test cuts; the upstream is a server that counts what reaches it.

const ROOT = join(import.meta.dirname, "../..");
const API = join(ROOT, "app/api");

type Handler = Parameters<typeof call>[0];
type RouteFile = { path: string; params: Record<string, string>; methods: [string, Handler][] };

/** A value each dynamic segment accepts: a region with every sub-route (India's UTR, Europe's approval), or an id. */
function paramValue(name: string, file: string): string {
  if (name !== "region") return "sample-id";
  return file.startsWith("payins/") ? "india" : "europe";
}

/** Every route file under app/api that needs a session (withPublic ones are health, sign-in and sign-out). */
async function signedInRoutes(): Promise<RouteFile[]> {
  const files = readdirSync(API, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith("route.ts"));
  const routes: RouteFile[] = [];
  for (const file of files) {
    if (readFileSync(join(API, file), "utf8").includes("withPublic(")) continue;
    const exported = (await import(join(API, file))) as Record<string, unknown>;
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"].flatMap((method) =>
      typeof exported[method] === "function" ? [[method, exported[method] as Handler] as [string, Handler]] : [],
    );
    const params: Record<string, string> = {};
    const path = `/api/${file.replace(/\/?route\.ts$/, "")}`.replace(
      /\[([^\]]+)\]/g,
      (_, name: string) => (params[name] = paramValue(name, file)),
    );
    routes.push({ path, params, methods });
  }
  return routes;
}

let upstream: Server;
let upstreamRequests = 0;
let proxy: TcpProxy;
const { GET: health } = await import("@/app/api/health/route");
const { POST: signIn } = await import("@/app/api/auth/sign-in/route");
const { GET: session } = await import("@/app/api/session/route");
const { GET: me } = await import("@/app/api/me/route");

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    upstreamRequests++;
    res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"code":"unavailable","message":"test upstream"}}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const database = new URL(testDatabase.url);
  proxy = await tcpProxy({ host: database.hostname, port: Number(database.port) });
  const viaProxy = new URL(testDatabase.url);
  viaProxy.port = String(proxy.port);
  await stubDashboardEnv(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, { DATABASE_URL: viaProxy.toString() });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe("with the database unreachable", () => {
  it("answers 503 database_unavailable on every signed-in route, sends nothing upstream, and recovers with the database", async () => {
    const routes = await signedInRoutes();
    expect(routes.length).toBeGreaterThan(15);

    // Up: a signed-in call reaches the upstream (so a count of 0 below means something).
    await signInWithFactor("admin@demo.test");
    await call(me, "GET", "/api/me");
    expect(upstreamRequests).toBeGreaterThan(0);
    expect((await call(health, "GET", "/api/health")).json).toEqual({ status: "ok", database: "up" });

    await proxy.close();
    upstreamRequests = 0;
    const answers: string[] = [];
    for (const route of routes) {
      for (const [method, handler] of route.methods) {
        const response = await call(handler, method, route.path, { params: route.params, body: method === "GET" ? undefined : {} });
        answers.push(`${method} ${route.path} ${response.status} ${response.json?.error?.code}`);
        expect(response.json, `${method} ${route.path}`).toEqual({
          error: { code: "database_unavailable", message: expect.any(String), requestId: expect.any(String) },
        });
        expect(response.status).toBe(503);
      }
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(upstreamRequests).toBe(0);

    // Sign-in reads the throttle first: also a 503, and the cookie kept by the jar is untouched.
    const refused = await call(signIn, "POST", "/api/auth/sign-in", { body: { email: "admin@demo.test", password: DEMO_PASSWORD } });
    expect(refused.status).toBe(503);
    expect(refused.json.error.code).toBe("database_unavailable");
    const degraded = await call(health, "GET", "/api/health");
    expect(degraded.status).toBe(503);
    expect(degraded.json).toEqual({ status: "degraded", database: "down" });
    expect(cookieJar.getAll()).not.toEqual([]);

    // Back: the same session works again, nobody had to sign in anew.
    await proxy.open();
    expect((await call(session, "GET", "/api/session")).status).toBe(200);
    expect((await call(health, "GET", "/api/health")).status).toBe(200);
  });
});

describe("with the database too busy", () => {
  it("caps every statement and lock wait of the app's pool, so a stuck lock becomes a 503, not a hung pool", async () => {
    await proxy.open();
    const { db } = await import("@/lib/server/db/app");
    const { sql } = await import("kysely");
    const caps = await sql<{
      statement: string;
      lock: string;
    }>`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock`.execute(db());
    expect(caps.rows[0]).toEqual({ statement: "30s", lock: "10s" });
  });
});
