import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ANSWERS, rawResponse, renderAnswer, type EdgeAnswer } from "./answer";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// Node's HTTP parser rejects some requests before they exist ('clientError'): its own
// answer is a bare status line, and it closes at once. These get the error shape instead,
// and a lingering close.

/**
 * The answer for a parser error code, or null when the socket should just be closed.
 * @internal
 */
export function answerForClientError(code: string | undefined): EdgeAnswer | null {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return ANSWERS.headersTooLarge;
    // llhttp knows a fixed list of methods; any other token fails here, not in decide().
    case "HPE_INVALID_METHOD":
      return ANSWERS.unknownMethod;
    // The peer is gone, or was too slow to send its headers: nobody to answer.
    case "ECONNRESET":
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return null;
    default:
      return ANSWERS.unreadable;
  }
}

// A request line's start: its method, a space, and a target ("/…", "*" or "http…").
const REQUEST_START = /(?:^|[^A-Z])([A-Z]+) (?=[/*]|https?:)/g;

/**
 * Whether the request the parser choked on is a HEAD (its answer must have no body). On a kept-alive
 * connection the packet may start with the previous body, so the last request line before the
 * failing byte is the one; a request line in an earlier chunk is not seen.
 * @internal
 */
export function isHeadRequest(rawPacket: Buffer | undefined, bytesParsed?: number): boolean {
  if (!rawPacket) return false;
  const text = rawPacket.subarray(0, bytesParsed ?? rawPacket.length).toString("latin1");
  let method: string | undefined;
  for (const match of text.matchAll(REQUEST_START)) method = match[1];
  return method === "HEAD";
}

/** How long a connection stays open after its answer, taking in what the client still sends. */
const LINGER_MS = 5_000;

type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number };

/** The 'clientError' listener; `logged` receives each answer's status, code and request id. */
export function clientErrorListener(logged: (fields: { requestId: string; status: number; code: string }) => void) {
  const answered = new WeakSet<Socket>();
  return (err: ParserError, socket: Socket): void => {
    // The parser reports again for every later chunk of a request it gave up on: one answer.
    if (answered.has(socket)) return;
    const edge = answerForClientError(err.code);
    // A response already under way on this socket cannot be followed by another.
    const busy = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent ?? false;
    if (!edge || !socket.writable || busy) return void socket.destroy();
    answered.add(socket);
    const requestId = randomUUID();
    const rendered = renderAnswer(edge, requestId);
    socket.end(rawResponse(rendered, { head: isHeadRequest(err.rawPacket, err.bytesParsed) }));
    // Lingering close: the rest of the request (a large body, say) is still read and dropped,
    // so the client finishes sending and reads the answer. Closing with unread data would
    // reset the connection, and a reset can discard the answer before the client reads it.
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
    logged({ requestId, status: rendered.status, code: edge.code });
  };
}
