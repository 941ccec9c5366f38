import "server-only";
import { z } from "zod";
import type { AnyContract, InputLoader, InputOf, InputSchema, ResponseOf } from "@/lib/contracts/contract";
import { fieldErrorsFromIssues } from "@/lib/contracts/errors";
import type { PaymentsClient } from "@/lib/payments";
import { can, type Permission } from "@/lib/permissions";
import { ApiError, handleApiError } from "./api-error";
import { logger } from "./logger";
import { paymentsFor } from "./payments";
import { assertSameOriginMutation, assertShownMode, isMutation, requestIdOf } from "./request-guard";
import { getCurrentSession, type CurrentSession } from "./session";
import { BACKGROUND_READ_HEADER } from "@/lib/contracts/csrf";
import { assertSteppedUp, needsStepUp } from "./step-up";

// The one wrapper every app/api/**/route.ts goes through:
// CSRF → session (401) → permission (403) → a write's mode (409) → step-up → the contract's input (400) → handler → DTO as JSON,
// with no-store, a request id and one JSON log line on every answer. The handler
// must answer the contract's response type (lib/contracts): the browser's
// apiFetch(contract) trusts that type without parsing it.

type Params = Record<string, string | string[] | undefined>;
type RouteContext = { params: Promise<Params> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export type PublicContext<C extends AnyContract> = { request: Request; input: InputOf<C>; requestId: string; params: Params };
export type SessionContext<C extends AnyContract> = PublicContext<C> & { session: CurrentSession; client: PaymentsClient };

/**
 * A body the handler serialised itself (the transactions chunk joins rows that are
 * already JSON), in pieces the answer streams one at a time. The type parameter is what
 * the pieces hold once joined; it must be the contract's.
 */
export class SerialisedJson<T> {
  declare private readonly holds?: T;
  /** Text, or UTF-8 bytes already encoded (sent as they are, never changed). */
  constructor(readonly pieces: Iterable<string | Uint8Array>) {}
}

/** How a streamed answer ended: every piece sent, the reader gone first, or a piece that could not be built. */
type StreamOutcome = "sent" | "cancelled" | "failed";

/**
 * The pieces as a byte stream, each encoded when the socket asks for it. A 100,000-row answer
 * sent as one string and one buffer (17.5 MB each) made V8 collect the BFF's whole heap, the
 * list included, on every such answer; pieces of ~45 KB stay in the young generation.
 * `onEnd` hears once how it ended, so the request's log line covers the whole answer.
 */
function streamOf(pieces: Iterable<string | Uint8Array>, onEnd: (outcome: StreamOutcome) => void): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.iterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let next: IteratorResult<string | Uint8Array>;
      try {
        next = iterator.next();
      } catch (error) {
        onEnd("failed");
        throw error;
      }
      if (!next.done) {
        controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
        return;
      }
      controller.close();
      onEnd("sent");
    },
    cancel() {
      iterator.return?.();
      onEnd("cancelled");
    },
  });
}

/** A DTO answered with another status than 200: the health probe's 503 while a dependency is down. */
export class JsonWithStatus<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}

type Body<C extends AnyContract> = ResponseOf<C> | SerialisedJson<ResponseOf<C>> | JsonWithStatus<ResponseOf<C>>;
type Answer<C extends AnyContract> = Body<C> | Promise<Body<C>>;

/**
 * The largest body a route reads: every form's body is a few KB (a payout with a 140-character
 * description), so this is far above any of them, and far below what would cost the server memory
 * or time (request.json() read whatever came, a public route such as sign-in before any check).
 * @internal
 */
export const MAX_BODY_BYTES = 64 * 1024;

const NOT_JSON = () => new ApiError("validation", "The request body must be JSON.");

/** The body as JSON, read up to MAX_BODY_BYTES: a longer one is refused as it arrives, without reading the rest. */
async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large");
  if (!request.body) throw NOT_JSON();
  const pieces: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
    size += piece.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError("payload_too_large");
    }
    pieces.push(piece.value);
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(pieces))) as unknown;
  } catch {
    throw NOT_JSON();
  }
}

const BROKEN_CHARACTER = "This holds a broken character (half of an emoji or symbol). Type or paste the text again.";
/** Half of a UTF-16 pair alone: in u mode a lone surrogate is a code point of its own, category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The dotted path of the first string in the checked input, keys included, that holds a lone
 * surrogate ("\ud800" in the JSON text: UTF-8 cannot carry one, JSON escapes can), else null.
 * Postgres refuses one in jsonb, so it answered with a 500 where an audit entry or the write ledger
 * stores the text, and upstream it is text no API means. Read on what the schema kept (unknown keys
 * are gone), after the schema's own checks, which say it first where a field has its own rule.
 */
function loneSurrogateAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path.join(".") || "_" : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return path.join(".") || "_";
    const found = loneSurrogateAt(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** Writes take a JSON body; reads take the query string. */
async function parseInput(request: Request, loadSchema: InputLoader<InputSchema> | null): Promise<unknown> {
  if (loadSchema === null) return undefined;
  const schema = await loadSchema();
  let raw: unknown;
  if (isMutation(request.method)) {
    raw = await readJsonBody(request);
  } else {
    raw = Object.fromEntries(new URL(request.url).searchParams);
  }
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw new ApiError("validation", undefined, { fields: fieldErrorsFromIssues(parsed.error) });
  const broken = loneSurrogateAt(parsed.data);
  if (broken !== null) throw new ApiError("validation", undefined, { fields: { [broken]: [BROKEN_CHARACTER] } });
  return parsed.data;
}

/** The parsed input is the contract schema's output: the one place that is asserted. */
const inputOf = async <C extends AnyContract>(contract: C, request: Request) => (await parseInput(request, contract.input)) as InputOf<C>;

type Run = (request: Request, requestId: string, params: Params, note: { role?: string }) => Promise<unknown>;

/** Shared core: the error mapping, headers and log line are written once for both wrappers. */
function route(run: Run): RouteHandler {
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const note: { role?: string } = {};
    let response: Response;
    let streamedAnswer = false;
    // Path only, no query string: queries may carry ids or search text.
    const log = (status: number, streamed?: StreamOutcome) =>
      logger[streamed === "failed" ? "error" : "info"]("request", {
        requestId,
        method: request.method,
        path: new URL(request.url).pathname,
        status,
        durationMs: Math.round(performance.now() - started),
        role: note.role,
        streamed,
      });
    try {
      assertSameOriginMutation(request);
      const body = await run(request, requestId, (await context?.params) ?? {}, note);
      if (body instanceof SerialisedJson) {
        // Logged when the last piece is out (or the reader left, or a piece failed after the 200 went out).
        const stream = streamOf(body.pieces, (outcome) => log(200, outcome));
        response = new Response(stream, { headers: { "Content-Type": "application/json" } });
        streamedAnswer = true;
      } else if (body instanceof JsonWithStatus) response = Response.json(body.body, { status: body.status });
      else response = Response.json(body);
    } catch (err) {
      response = handleApiError(err, requestId);
    }
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Request-Id", requestId);
    if (!streamedAnswer) log(response.status);
    return response;
  };
}

/** For routes that need no session: health, sign-in, sign-out. Still CSRF-checked, parsed and logged. */
export function withPublic<C extends AnyContract>(contract: C, handler: NoInfer<(ctx: PublicContext<C>) => Answer<C>>): RouteHandler {
  return route(async (request, requestId, params) => handler({ request, requestId, params, input: await inputOf(contract, request) }));
}

export function withSession<C extends AnyContract>(
  contract: C,
  // NoInfer: the contract alone decides C, so the handler is checked against it, not the other way round.
  handler: NoInfer<(ctx: SessionContext<C>) => Answer<C>>,
  /**
   * `stepUp`: whether a fresh second factor is needed (lib/server/step-up.ts); by default, for writes under money:write or settings:manage.
   * `anyMode`: a request about the session or the staff member, not in a mode (reading the session, switching its mode, a step-up code, one's sessions, the audit trail), is taken whatever mode its page showed.
   */
  options: { permission?: Permission; stepUp?: boolean; anyMode?: boolean } = {},
): RouteHandler {
  const stepUp = options.stepUp ?? needsStepUp(options.permission, contract.method);
  return route(async (request, requestId, params, note) => {
    // A read the browser sent on its own does not count as the person's use (the idle timeout).
    const background = contract.method === "GET" && request.headers.get(BACKGROUND_READ_HEADER) === "1";
    const session = await getCurrentSession({ touch: !background });
    if (!session) throw new ApiError("unauthenticated");
    note.role = session.user.role;
    if (options.permission && !can(session.user.role, options.permission)) throw new ApiError("forbidden");
    if (!options.anyMode) assertShownMode(request, session.mode);
    if (stepUp) assertSteppedUp(session);
    const input = await inputOf(contract, request);
    return handler({ request, requestId, params, input, session, client: paymentsFor(session.mode) });
  });
}
