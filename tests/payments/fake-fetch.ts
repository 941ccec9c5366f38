import type { FetchLike } from "@/lib/payments/http";

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The exact bytes handed to fetch, or undefined for no body. */
  body: Uint8Array | undefined;
  init: RequestInit;
}

/** "hang": never answers; "stall-body": answers 200 but never finishes the body (both end on abort, like undici). */
type Reply = Response | Error | "hang" | "stall-body";

/** A fetch stand-in that records what was sent and answers from a script, one reply per call. */
export function fakeFetch(...replies: Reply[]) {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    const body = init.body;
    if (body !== undefined && body !== null && !(body instanceof Uint8Array)) {
      throw new Error("the client must send the signed bytes, not a re-serialised body");
    }
    calls.push({
      url: input,
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: body ?? undefined,
      init,
    });
    const reply = replies[calls.length - 1] ?? replies[replies.length - 1];
    if (reply === undefined) throw new Error("fakeFetch: no reply scripted");
    if (reply === "hang") return hangUntilAborted(init.signal);
    if (reply === "stall-body") return stallBodyUntilAborted(init.signal);
    if (reply instanceof Error) throw reply;
    return reply.clone();
  };
  return { fetch, calls };
}

function hangUntilAborted(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });
}

function stallBodyUntilAborted(signal: AbortSignal | null | undefined): Response {
  const body = new ReadableStream({
    start(controller) {
      signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    },
  });
  return new Response(body, { status: 200 });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function errorResponse(status: number, code?: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return jsonResponse(
    status,
    { statusCode: status, error: "Error", message: `failed with ${status}`, ...(code ? { code } : {}), ...extra },
    headers,
  );
}

export const networkError = () =>
  new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });

export const TEST_SECRET = "sk_unit_secret_must_never_leak_4242";

/** Options for a client whose sleeps are recorded instead of waited. */
export function clientOptions(fetch: FetchLike, overrides: Record<string, unknown> = {}) {
  const sleeps: number[] = [];
  let clock = Date.UTC(2026, 0, 1, 0, 0, 0);
  return {
    sleeps,
    options: {
      baseUrl: "https://api.example.test",
      apiKey: "mrp_test_unit_key",
      apiSecret: TEST_SECRET,
      environment: "test" as const,
      fetch,
      // Each read of the clock moves 7 s on, so every attempt has its own timestamp.
      now: () => (clock += 7_000),
      random: () => 0.5,
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
      ...overrides,
    },
  };
}
