import { Agent, request } from "node:http";
import type { Socket } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { FuzzAnswer } from "./check";
import type { FuzzRequest } from "./plan";

// One request over node:http (fetch refuses unknown methods, bad escapes and Host), reading
// at most BODY_CAP of the answer. Keep-alive, so an answer that leaves its connection in a
// bad state shows up in the next request on it.

const BODY_CAP = 256 * 1024;

/**
 * The answer's text as a client reads it: decoded by its Content-Encoding (the dashboard compresses
 * answers to a client that takes it, and the hostile headers include one that does). A body that
 * does not decode reads as this marker, which the checks then report as not the error shape.
 */
function decoded(raw: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
    if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
    if (encoding === "deflate") return inflateSync(raw).toString("utf8");
    return raw.toString("utf8");
  } catch {
    return `(a ${encoding} body that does not decode)`;
  }
}

export function createSender(port: number, timeoutMs: number, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  // What the connection carried before, for when it fails: the cause is often the previous answer.
  const previous = new WeakMap<Socket, string>();

  const send = (req: FuzzRequest): Promise<FuzzAnswer> =>
    new Promise((resolve) => {
      // Node's client frames a body of GET, DELETE or OPTIONS only when told its length; unframed,
      // the body would reach the server as the start of the next request on the connection.
      const headers = req.body === undefined ? req.headers : { ...req.headers, "Content-Length": String(Buffer.byteLength(req.body)) };
      const outgoing = request(
        { host: "127.0.0.1", port, method: req.method, path: req.path, headers, agent, timeout: timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            if (size < BODY_CAP) chunks.push(chunk);
            size += chunk.length;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: decoded(Buffer.concat(chunks), res.headers["content-encoding"]),
            }),
          );
          res.on("error", (error) => resolve({ status: 0, headers: {}, body: "", error: error.message }));
        },
      );
      let before: string | undefined;
      outgoing.on("socket", (socket) => {
        before = previous.get(socket);
        previous.set(
          socket,
          `${req.method} ${req.path.slice(0, 80)}${req.body === undefined ? "" : ` with a ${Buffer.byteLength(req.body)}-byte body`}`,
        );
      });
      outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        resolve({
          status: 0,
          headers: {},
          body: "",
          error: `${error.code ?? ""} ${error.message}${before ? ` (after ${before})` : ""}`.trim(),
        });
      });
      outgoing.end(req.body);
    });

  return { send, close: () => agent.destroy() };
}
