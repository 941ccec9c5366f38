import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ANSWERS, rawResponse, renderAnswer, type EdgeAnswer } from "./answer";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// Node's HTTP parser rejects some requests before they exist ('clientError'): its own
// answer is a bare status line, and it closes at once. These get the error shape instead,
// and a lingering close.

/** The answer for a parser error code, or null when the socket should just be closed. */
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

/**
 * Whether the bytes the parser choked on start a HEAD request, whose answer must have no body
 * (the client would read one as garbage after it). Best effort: the packet is what arrived last.
 */
export function isHeadRequest(rawPacket: Buffer | undefined): boolean {
  return rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
}

/** How long a connection stays open after its answer, taking in what the client still sends. */
export const LINGER_MS = 5_000;

type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer };

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
    socket.end(rawResponse(rendered, { head: isHeadRequest(err.rawPacket) }));
    // Lingering close: the rest of the request (a large body, say) is still read and dropped,
    // so the client finishes sending and reads the answer. Closing with unread data would
    // reset the connection, and a reset can discard the answer before the client reads it.
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
    logged({ requestId, status: rendered.status, code: edge.code });
  };
}
