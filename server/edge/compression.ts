// Compresses the BFF's answers (`/api/*`), small ones too: brotli 1 for browsers, gzip 1 for
// gzip-only clients, nothing for `no-transform`. Here because Next never compresses a route
// handler's answer (vercel/next.js#98007); at quality 1 because ids and references are random,
// so higher levels cost CPU for little (docs/decisions/0032-bff-answers-compressed-at-the-edge-with-brotli-quality-1.md).
// Not to a client on the same machine (a loopback address): there the bytes are free and the
// encoding and decoding are not (docs/decisions/0146-no-compression-for-a-loopback-client.md).
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

/** 127.0.0.0/8 and ::1, as clientAddressOf gives them (an IPv4-mapped peer already plain). */
const isLoopback = (address: string): boolean => address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);

/**
 * LOOPBACK_ANSWERS_COMPRESSED: "1" compresses for a loopback client too (the e2e suite, which
 * stands for a visitor on a real link); unset, "" or "0" does not. Anything else stops the start.
 */
export function parseLoopbackCompression(text: string | undefined): boolean {
  if (text === undefined || text === "" || text === "0") return false;
  if (text === "1") return true;
  throw new Error(`LOOPBACK_ANSWERS_COMPRESSED must be 0 or 1 (got "${text}").`);
}

/**
 * Which requests go through compressAnswer: the BFF's, unless the client (x-client-address, as
 * clientAddressOf found it) is on this machine. Measured on a 100,000-row answer (17.5 MB):
 * brotli 1 cost the BFF ~140 ms of CPU and the browser ~110 ms to decode, and saved ~46 ms of
 * loopback transfer (docs/performance.md, thirtieth round). Pages and static files Next compresses itself.
 */
export const compressesAnswersFor = (url: string, client?: string, compressLoopback = false): boolean =>
  url.startsWith("/api/") && (compressLoopback || client === undefined || !isLoopback(client));
