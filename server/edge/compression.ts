// Compresses the BFF's answers (`/api/*`), small ones too: brotli 1 for browsers, gzip 1 for
// gzip-only clients, nothing for `no-transform`. Here because Next never compresses a route
// handler's answer (vercel/next.js#98007); at quality 1 because ids and references are random,
// so higher levels cost CPU for little (docs/decisions/0032-bff-answers-compressed-at-the-edge-with-brotli-quality-1.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants } from "node:zlib";
import compression from "compression";
import type { Request, Response } from "express";

/** Next leaves a route handler's Content-Type as a one-element array; the middleware's filter wants the string. */
function singleContentType(res: ServerResponse): void {
  const type = res.getHeader("Content-Type");
  if (Array.isArray(type) && type.length === 1) res.setHeader("Content-Type", type[0]!);
}

/**
 * zlib's output buffer. On the 17.5 MB answer written in 1 MB pieces, brotli 1 took 75 ms with
 * the default 16 KB buffer (~340 output chunks) and 53–56 ms with 1 MB.
 */
const CHUNK_SIZE = 1 << 20;

const middleware = compression({
  level: 1,
  chunkSize: CHUNK_SIZE,
  brotli: { chunkSize: CHUNK_SIZE, params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  filter: (req, res) => {
    singleContentType(res);
    return compression.filter(req, res);
  },
});

/** Runs `next` with `res` compressing what it writes, as `req`'s Accept-Encoding allows. */
export function compressAnswer(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  // The middleware is written for Express, whose request and response extend these Node types;
  // it reads only their Node parts (headers, method, writeHead, write, end).
  middleware(req as Request, res as Response, next);
}

/** Which requests go through compressAnswer: the BFF's. Pages and static files Next compresses itself. */
export const compressesAnswersFor = (url: string): boolean => url.startsWith("/api/");
