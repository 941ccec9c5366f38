import "server-only";
import type { z } from "zod";
import { errorFromResponse, type HeaderReader, noAnswerError, PaymentsApiError, unparseableResponseError } from "./errors";
import { nextRetryDelayMs, type HttpMethod, type RetryPolicy } from "./retry-policy";
import { authHeaders } from "./signing";

/**
 * What the transport reads of an answer. A fetch `Response` is one; undici-fetch.ts builds a lighter one.
 * @internal
 */
export interface HttpAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: HeaderReader;
  text(): Promise<string>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<HttpAnswer>;

export interface TransportConfig {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs: number;
  retryPolicy: RetryPolicy;
  fetch: FetchLike;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
}

export type QueryValue = string | number | undefined;

interface ApiRequest<T> {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  /** Already validated; serialised exactly once here. */
  body?: unknown;
  idempotencyKey?: string;
  response: z.ZodType<T>;
  /**
   * Optional: says that `response` would take this JSON exactly as it is, faster than zod. Only
   * for bulk reads (the transaction list's pages); whatever it does not confirm goes through `response`.
   */
  takesAsIs?: (json: unknown) => json is T;
}

export interface Transport {
  send<T>(request: ApiRequest<T>): Promise<T>;
}

const utf8 = new TextEncoder();

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const url = new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

interface Attempt {
  method: HttpMethod;
  url: string;
  operation: string;
  body: Uint8Array<ArrayBuffer> | undefined;
  idempotencyKey: string | undefined;
}

export function createTransport(config: TransportConfig): Transport {
  /** One attempt: fresh timestamp and signature, its own timeout covering headers and body. */
  async function attemptOnce({ method, url, operation, body, idempotencyKey }: Attempt) {
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...authHeaders({ apiKey: config.apiKey, apiSecret: config.apiSecret, body, nowMs: config.now() }),
    };
    // §5 asks for it on every POST and PATCH, including the body-less approve.
    if (method !== "GET") headers["Content-Type"] = "application/json";
    if (idempotencyKey !== undefined) headers["Idempotency-Key"] = idempotencyKey;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.timeoutMs);
    try {
      const response = await config.fetch(url, {
        method,
        headers,
        body,
        signal: controller.signal,
        // A redirect must not carry the signed headers to another host.
        redirect: "manual",
        // Next.js extends fetch with a data cache; signed, per-environment answers must never be served from it.
        cache: "no-store",
      });
      return { response, text: await response.text() };
    } catch (cause) {
      throw noAnswerError(operation, controller.signal.aborted ? "timeout" : "network", cause);
    } finally {
      clearTimeout(timer);
    }
  }

  function parseSuccess<T>(request: ApiRequest<T>, operation: string, response: HttpAnswer, text: string): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw unparseableResponseError(operation, response.status, "body is not JSON", response.headers);
    }
    if (request.takesAsIs?.(json)) return json;
    const parsed = request.response.safeParse(json);
    if (!parsed.success) {
      // Paths only: values could be customer data and do not belong in a message.
      const fields = parsed.error.issues.map((issue) => issue.path.join(".") || "(root)").join(", ");
      throw unparseableResponseError(operation, response.status, `unexpected shape at ${fields}`, response.headers);
    }
    return parsed.data;
  }

  async function send<T>(request: ApiRequest<T>): Promise<T> {
    const operation = `${request.method} ${request.path}`;
    const attempt: Attempt = {
      method: request.method,
      url: buildUrl(config.baseUrl, request.path, request.query),
      operation,
      // Serialised once: every attempt signs and sends these same bytes (§5 rule 1).
      body: request.body === undefined ? undefined : utf8.encode(JSON.stringify(request.body)),
      idempotencyKey: request.idempotencyKey,
    };

    for (let retriesSoFar = 0; ; retriesSoFar += 1) {
      let failure: PaymentsApiError;
      try {
        const { response, text } = await attemptOnce(attempt);
        if (response.ok) return parseSuccess(request, operation, response, text);
        failure = errorFromResponse({
          status: response.status,
          bodyText: text,
          headers: response.headers,
          operation,
          nowMs: config.now(),
        });
      } catch (error) {
        if (!(error instanceof PaymentsApiError) || error.status !== 0) throw error;
        failure = error;
      }
      const delayMs = nextRetryDelayMs(request.method, failure, retriesSoFar, config.retryPolicy, config.random);
      if (delayMs === undefined) throw failure;
      await config.sleep(delayMs);
    }
  }

  return { send };
}
