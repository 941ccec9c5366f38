import "server-only";
import { request } from "undici";
import type { FetchLike } from "./http";

/**
 * The transport's HTTP call over undici's `request`, not the global fetch (~0.7 ms of CPU per call,
 * which made the BFF the bottleneck of a 1,000-page load, docs/decisions/0126). It never follows
 * redirects ("manual") and aborts on `signal`; the answer is a plain object, not a `Response`.
 */
export const undiciFetch: FetchLike = async (url, init) => {
  const { statusCode, headers, body } = await request(url, {
    method: init.method ?? "GET",
    headers: init.headers,
    body: (init.body ?? undefined) as Uint8Array | undefined,
    signal: init.signal ?? undefined,
  });
  const text = await body.text();
  return {
    ok: statusCode >= 200 && statusCode <= 299,
    status: statusCode,
    headers: {
      // undici names headers in lower case; a repeated header reads as fetch's Headers would.
      get(name: string) {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
    text: () => Promise.resolve(text),
  };
};
