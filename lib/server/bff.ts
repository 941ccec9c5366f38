import "server-only";
import { z } from "zod";
import type { PaymentsClient } from "@/lib/payments";
import { can, type Permission } from "@/lib/permissions";
import { ApiError, handleApiError, type FieldErrors } from "./api-error";
import { logger } from "./logger";
import { paymentsFor } from "./payments";
import { assertSameOriginMutation, isMutation, requestIdOf } from "./request-guard";
import { getCurrentSession, type CurrentSession } from "./session";

// The one wrapper every app/api/**/route.ts goes through:
// CSRF → session (401) → permission (403) → zod input (400) → handler → DTO as JSON,
// with no-store, a request id and one JSON log line on every answer.

type Params = Record<string, string | string[] | undefined>;
type RouteContext = { params: Promise<Params> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export type PublicContext<I> = { request: Request; input: I; requestId: string; params: Params };
export type SessionContext<I> = PublicContext<I> & { session: CurrentSession; client: PaymentsClient };

// core.$ZodType so that browser-safe zod/mini schemas (shared with forms) work as route input too.
type InputSchema<I> = z.core.$ZodType<I>;
type InputOption<I> = { input?: InputSchema<I> };

function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) (fields[issue.path.join(".") || "_"] ??= []).push(issue.message);
  return fields;
}

/** Writes take a JSON body; reads take the query string. */
async function parseInput<I>(request: Request, schema: InputSchema<I> | undefined): Promise<I> {
  if (!schema) return undefined as I;
  let raw: unknown;
  if (isMutation(request.method)) {
    raw = await request.json().catch(() => {
      throw new ApiError("validation", "The request body must be JSON.");
    });
  } else {
    raw = Object.fromEntries(new URL(request.url).searchParams);
  }
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw new ApiError("validation", undefined, { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

type Run = (request: Request, requestId: string, params: Params, note: { role?: string }) => Promise<unknown>;

/** Shared core: the error mapping, headers and log line are written once for both wrappers. */
function route(run: Run): RouteHandler {
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const note: { role?: string } = {};
    let response: Response;
    try {
      assertSameOriginMutation(request);
      const body = await run(request, requestId, (await context?.params) ?? {}, note);
      // A handler may hand over a ready Response (a body it serialised itself, like the transactions chunk).
      response = body instanceof Response ? body : Response.json(body ?? { ok: true });
    } catch (err) {
      response = handleApiError(err, requestId);
    }
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Request-Id", requestId);
    // Path only, no query string: queries may carry ids or search text.
    logger.info("request", {
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      durationMs: Math.round(performance.now() - started),
      role: note.role,
    });
    return response;
  };
}

/** For routes that need no session: health, sign-in, sign-out. Still CSRF-checked, parsed and logged. */
export function withPublic<I = undefined>(handler: (ctx: PublicContext<I>) => Promise<unknown>, options: InputOption<I> = {}): RouteHandler {
  return route(async (request, requestId, params) => handler({ request, requestId, params, input: await parseInput(request, options.input) }));
}

export function withSession<I = undefined>(
  handler: (ctx: SessionContext<I>) => Promise<unknown>,
  options: InputOption<I> & { permission?: Permission } = {},
): RouteHandler {
  return route(async (request, requestId, params, note) => {
    const session = await getCurrentSession();
    if (!session) throw new ApiError("unauthenticated");
    note.role = session.user.role;
    if (options.permission && !can(session.user.role, options.permission)) throw new ApiError("forbidden");
    const input = await parseInput(request, options.input);
    return handler({ request, requestId, params, input, session, client: paymentsFor(session.mode) });
  });
}
