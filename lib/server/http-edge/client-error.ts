import { ANSWERS, type EdgeAnswer } from "./answer";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// Node's HTTP parser rejects some requests before they exist ('clientError'): its own
// answer is a bare status line. These get the error shape instead.

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
