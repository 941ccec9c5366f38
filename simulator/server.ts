// HTTP layer: a plain node:http server. /v1/* follows the order of checks in
// simulator/README.md; /_sim/* is the unsigned control surface.
//
//   import { startSimulator } from "@/simulator/server";
//   const sim = await startSimulator({ port: 0 });   // sim.url, await sim.close()

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { makeBody, type Ctx, type Route } from "./api/context";
import { coreRoutes } from "./api/core";
import { handleControl } from "./control";
import { SimError, errorBody } from "./errors";
import { bangladeshRoutes } from "./markets/bangladesh";
import { brazilRoutes } from "./markets/brazil";
import { europeRoutes } from "./markets/europe";
import { indiaRoutes } from "./markets/india";
import { nigeriaRoutes } from "./markets/nigeria";
import { pyusdRoutes } from "./markets/pyusd";
import { DEFAULTS, DEFAULT_KEYS, MAX_SEED_SIZE, Sim, type Faults, type Keys } from "./sim";
import type { EnvState } from "./state";
import { LIVE_ONLY } from "./types";

export type SimulatorOptions = {
  /** 0 (the default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  keys?: Keys;
  liveSize?: number;
  testSize?: number;
  seed?: number;
  webhookBackoffMs?: number;
};

export type RunningSimulator = {
  url: string;
  port: number;
  /** the state machine, for in-process inspection */
  sim: Sim;
  close(): Promise<void>;
};

const BODY_LIMIT = 1024 * 1024;
const DISCARD_LIMIT = 32 * BODY_LIMIT;
const TIMESTAMP_WINDOW_S = 300;

type Reply = { status: number; body: Buffer; headers: Record<string, string> };

const JSON_TYPE = { "Content-Type": "application/json; charset=utf-8" };

function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body: Buffer.from(JSON.stringify(body)), headers: { ...JSON_TYPE, ...headers } };
}

function errorReply(e: SimError): Reply {
  return jsonReply(e.status, errorBody(e.status, e.message, e.code, e.details), e.headers);
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(reply.status, { ...reply.headers, "Content-Length": String(reply.body.length) });
  res.end(reply.body);
}

/** Read the whole body; past 1 MiB keep draining but drop the bytes. null: the client went away. */
function readBody(req: http.IncomingMessage): Promise<{ buf: Buffer; tooLarge: boolean } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > DISCARD_LIMIT) {
        req.destroy();
        resolve(null);
        return;
      }
      if (size > BODY_LIMIT) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve({ buf: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }));
    req.on("error", () => resolve(null));
    req.on("close", () => {
      if (!req.complete) resolve(null);
    });
  });
}

// ---- routing ---------------------------------------------------------------------------

type Compiled = Route & { segs: string[] };
const ROUTES: Compiled[] = [
  ...coreRoutes,
  ...bangladeshRoutes,
  ...brazilRoutes,
  ...indiaRoutes,
  ...europeRoutes,
  ...nigeriaRoutes,
  ...pyusdRoutes,
].map((r) => ({
  ...r,
  segs: r.path.split("/"),
}));

function match(method: string, path: string): { route: Compiled; params: Record<string, string> } | { allowed: string[] } | null {
  const segs = path.split("/");
  const allowed: string[] = [];
  for (const route of ROUTES) {
    if (route.segs.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let hit = true;
    for (let i = 0; i < segs.length && hit; i++) {
      const want = route.segs[i] as string;
      const got = segs[i] as string;
      if (want.startsWith(":")) {
        if (got.length === 0 || got.length > 200) hit = false;
        else {
          try {
            params[want.slice(1)] = decodeURIComponent(got);
          } catch {
            hit = false;
          }
        }
      } else if (want !== got) hit = false;
    }
    if (!hit) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { allowed } : null;
}

// ---- authentication (§5), own code: independent of lib/payments ---------------------------

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function authenticate(sim: Sim, req: http.IncomingMessage, raw: Buffer): EnvState {
  const key = header(req, "x-service-key");
  const ts = header(req, "x-service-timestamp");
  const sig = header(req, "x-service-signature");
  const env = key ? sim.envByKey(key) : null;
  if (!env) throw new SimError(401, "Unknown or missing API key");
  if (!ts || !/^[0-9]{1,15}$/.test(ts)) throw new SimError(401, "X-Service-Timestamp must be Unix time in seconds");
  const skew = Math.abs(Math.floor(Date.now() / 1000) - Number(ts));
  if (skew > TIMESTAMP_WINDOW_S) throw new SimError(401, "Timestamp outside the ±300 s window");
  if (!sig || !/^[0-9a-f]{64}$/.test(sig)) throw new SimError(401, "X-Service-Signature must be lowercase hex HMAC-SHA256");
  const expected = createHmac("sha256", env.apiSecret).update(`${ts}.`).update(raw).digest();
  if (!timingSafeEqual(expected, Buffer.from(sig, "hex"))) throw new SimError(401, "Signature mismatch");
  return env;
}

const hasScope = (env: EnvState, scope: readonly string[] | null) =>
  scope === null || env.scopes.includes("*") || scope.some((s) => env.scopes.includes(s));

const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;

/** Steps 2–10 of the order of checks (README); synchronous, so each write is atomic. */
function dispatch(sim: Sim, req: http.IncomingMessage, url: URL, raw: Buffer): Reply {
  const env = authenticate(sim, req, raw);
  const method = req.method ?? "GET";
  const path = url.pathname;
  const m = match(method, path);
  if (m === null) throw new SimError(404, `No route for ${path}`, "not_found");
  if ("allowed" in m)
    throw new SimError(405, `${method} is not allowed on ${path}`, undefined, undefined, false, { Allow: m.allowed.join(", ") });
  const { route, params } = m;
  if (!hasScope(env, route.scope)) throw new SimError(403, `The API key lacks the scope ${route.scope?.join(" or ")}`);
  if (route.market && LIVE_ONLY.includes(route.market) && env.env === "test") {
    throw new SimError(503, `The ${route.market} rail is available with live keys only`, "payment_unavailable");
  }
  if (route.market && !env.markets[route.market].approved) {
    throw new SimError(403, `The ${route.market} market is not enabled for this merchant`, "market_not_enabled");
  }

  const ctx: Ctx = {
    sim,
    env,
    params,
    query: url.searchParams,
    raw,
    contentType: header(req, "content-type"),
    now: sim.now(),
    body: makeBody(raw, header(req, "content-type")),
  };
  const idem = route.idempotent ? idempotency(env, req, `${method} ${path}`, raw) : null;
  if (idem && "replay" in idem) return idem.replay;
  // After the replay: a stored answer is not a new payment (§5 rule 4), so a
  // client that lost it can still learn its payment exists during a pause.
  route.gate?.(env);
  const { reply, store } = run(route, ctx);
  if (idem && store)
    env.idem.set(idem.key, { fingerprint: idem.fingerprint, status: reply.status, body: reply.body, headers: reply.headers });
  return reply;
}

/** Step 7: the key is required; a stored key answers its first response (same request) or 409. */
function idempotency(
  env: EnvState,
  req: http.IncomingMessage,
  target: string,
  raw: Buffer,
): { replay: Reply } | { key: string; fingerprint: string } {
  const key = header(req, "idempotency-key");
  if (key === undefined || key === "") throw new SimError(400, "Idempotency-Key header is required");
  if (!IDEMPOTENCY_KEY_RE.test(key)) throw new SimError(400, "Idempotency-Key must be 1 to 255 visible ASCII characters");
  const fingerprint = `${target} ${createHash("sha256").update(raw).digest("hex")}`;
  const stored = env.idem.get(key);
  if (!stored) return { key, fingerprint };
  if (stored.fingerprint !== fingerprint) throw new SimError(409, "Idempotency-Key was already used with a different request");
  return { replay: { status: stored.status, body: stored.body, headers: { ...stored.headers, "Idempotent-Replayed": "true" } } };
}

function run(route: Route, ctx: Ctx): { reply: Reply; store: boolean } {
  try {
    const r = route.handler(ctx);
    return { reply: jsonReply(r.status, r.body), store: r.status < 400 };
  } catch (e) {
    if (e instanceof SimError) return { reply: errorReply(e), store: e.stored };
    throw e;
  }
}

// ---- faults ------------------------------------------------------------------------------

function pathMatches(filter: string | undefined, path: string): boolean {
  if (!filter) return true;
  return filter.endsWith("*") ? path.startsWith(filter.slice(0, -1)) : filter === path;
}

/** Use one count of a fault when it applies to this path. */
function take<T extends { count: number; path?: string }>(
  faults: Faults,
  name: "failNext" | "dropResponseNext" | "rateLimitNext" | "holdResponseNext",
  path: string,
): T | null {
  const f = faults[name] as T | null;
  if (!f || f.count <= 0 || !pathMatches(f.path, path)) return null;
  f.count -= 1;
  if (f.count <= 0) faults[name] = null;
  return f;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

async function handleV1(sim: Sim, req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: { buf: Buffer; tooLarge: boolean }) {
  if (sim.faults.latencyMs > 0) await sleep(sim.faults.latencyMs);
  sim.scheduler.runDue();
  const path = url.pathname;
  const limited = take<NonNullable<Faults["rateLimitNext"]>>(sim.faults, "rateLimitNext", path);
  if (limited) {
    const retry = String(limited.retryAfterSeconds);
    return send(res, jsonReply(429, errorBody(429, "Too many requests (injected)", "rate_limited"), { "Retry-After": retry }));
  }
  const failed = take<NonNullable<Faults["failNext"]>>(sim.faults, "failNext", path);
  if (failed) {
    const code = failed.code ?? (failed.status === 503 ? "payment_unavailable" : failed.status === 429 ? "rate_limited" : undefined);
    return send(res, jsonReply(failed.status, errorBody(failed.status, "Injected fault", code)));
  }
  if (body.tooLarge) return send(res, errorReply(new SimError(413, `Body larger than ${BODY_LIMIT} bytes`, "payload_too_large")));
  let reply: Reply;
  try {
    reply = dispatch(sim, req, url, body.buf);
  } catch (e) {
    if (!(e instanceof SimError)) throw e;
    reply = errorReply(e);
  }
  if (take(sim.faults, "dropResponseNext", path)) {
    // the write is committed (and stored for replay); the client never hears back
    req.socket.destroy();
    return;
  }
  if (take(sim.faults, "holdResponseNext", path)) {
    // committed too; the answer waits until the client goes away or the faults are cleared
    const held = { destroy: () => req.socket.destroy() };
    sim.held.add(held);
    req.socket.once("close", () => sim.held.delete(held));
    return;
  }
  send(res, reply);
}

async function handle(sim: Sim, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const body = await readBody(req);
    if (body === null) return;
    const target = req.url ?? "/";
    let url: URL;
    try {
      url = new URL(target.startsWith("/") ? `http://simulator.local${target}` : target);
    } catch {
      return send(res, jsonReply(400, errorBody(400, "Malformed request target")));
    }
    const path = url.pathname;
    if (path === "/_sim" || path.startsWith("/_sim/")) {
      sim.scheduler.runDue();
      if (body.tooLarge) return send(res, errorReply(new SimError(413, `Body larger than ${BODY_LIMIT} bytes`, "payload_too_large")));
      let reply: Reply;
      try {
        const r = handleControl(sim, req.method ?? "GET", path, url.searchParams, body.buf);
        reply = jsonReply(r.status, r.body);
      } catch (e) {
        if (!(e instanceof SimError)) throw e;
        reply = errorReply(e);
      }
      return send(res, reply);
    }
    if (path === "/v1" || path.startsWith("/v1/")) return await handleV1(sim, req, res, url, body);
    send(res, jsonReply(404, errorBody(404, `No route for ${path}`, "not_found")));
  } catch (e) {
    console.error("[simulator] unexpected error", e);
    if (!res.headersSent) send(res, jsonReply(500, errorBody(500, "Internal simulator error")));
    else res.destroy();
  }
}

function sizeOption(v: number | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < 0 || v > MAX_SEED_SIZE) throw new RangeError(`seed sizes must be integers from 0 to ${MAX_SEED_SIZE}`);
  return v;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const sim = new Sim({
    keys: options.keys ?? DEFAULT_KEYS,
    seed: options.seed ?? DEFAULTS.seed,
    liveSize: sizeOption(options.liveSize, DEFAULTS.liveSize),
    testSize: sizeOption(options.testSize, DEFAULTS.testSize),
    webhookBackoffMs: options.webhookBackoffMs ?? DEFAULTS.webhookBackoffMs,
  });
  const server = http.createServer((req, res) => void handle(sim, req, res));
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else socket.destroy();
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    sim,
    close() {
      closing ??= new Promise<void>((resolve) => {
        sim.scheduler.close();
        sim.webhooks.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
