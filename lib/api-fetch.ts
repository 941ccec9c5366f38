// Browser-side fetch for our own BFF (app/api/**). Never talks to the Merchant API:
// the key and secret live only on the server.
import type { AnyContract, ArgsOf, BodyOf, ResponseOf } from "@/lib/contracts/contract";
import { BACKGROUND_READ_HEADER, CSRF_HEADERS, MODE_HEADER_NAME } from "@/lib/contracts/csrf";
import { isApiErrorCode, type ApiErrorCode, type FieldErrors } from "@/lib/contracts/errors";
import { isBackgroundRead } from "./person-activity";
import { reportShownModeRefused, shownMode } from "./shown-mode";
import { askForStepUp } from "./step-up-prompt";

/** The BFF's codes, plus the two this side gives when there is no BFF answer to read. */
type ApiFetchErrorCode = ApiErrorCode | "network_error" | "unexpected_response";

export class ApiFetchError extends Error {
  override name = "ApiFetchError";
  constructor(
    readonly status: number,
    readonly code: ApiFetchErrorCode,
    message: string,
    readonly requestId?: string,
    readonly fields?: FieldErrors,
    /** Seconds, from Retry-After, when the server gave one (throttled sign-in). */
    readonly retryAfter?: number,
    /** approval_pending: the approval request the write waits in. */
    readonly approvalId?: string,
  ) {
    super(message);
  }
}

export function isApiFetchError(error: unknown): error is ApiFetchError {
  return error instanceof ApiFetchError;
}

type ErrorShape = { code: string; message?: unknown; requestId?: unknown; fields?: unknown; approvalId?: unknown };

function errorOf(value: unknown): ErrorShape | undefined {
  if (typeof value !== "object" || value === null || !("error" in value)) return undefined;
  const { error } = value;
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? (error as ErrorShape)
    : undefined;
}

function retryAfterSeconds(response: Response): number | undefined {
  const raw = response.headers.get("Retry-After");
  const seconds = raw === null ? NaN : Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A read's query goes through `params` (the path builder); only a write with an input schema takes a body. */
type BodyOption<C extends AnyContract> = C["method"] extends "GET"
  ? { body?: never }
  : [BodyOf<C>] extends [undefined]
    ? { body?: never }
    : { body: BodyOf<C> };
type ParamsOption<C extends AnyContract> = [ArgsOf<C>] extends [void] ? { params?: never } : { params: ArgsOf<C> };
type ApiFetchOptions<C extends AnyContract> = { signal?: AbortSignal } & ParamsOption<C> & BodyOption<C>;
/** The options argument may be left out when nothing in it is required. */
type OptionsArgument<C extends AnyContract> =
  Partial<ApiFetchOptions<C>> extends ApiFetchOptions<C> ? [options?: ApiFetchOptions<C>] : [options: ApiFetchOptions<C>];

/**
 * Calls a BFF route by its contract (lib/contracts) and returns the contract's response
 * type, or throws ApiFetchError with the stable error shape. The answer is not parsed
 * again here: the route's handler is compiled against the same contract.
 */
export function apiFetch<C extends AnyContract>(contract: C, ...[options]: OptionsArgument<C>): Promise<ResponseOf<C>> {
  // Trusted as the contract's response (ResponseOf<C>): the route's handler was compiled against the same contract.
  return fetchAnswer(contract, options, readJson as (response: Response) => Promise<ResponseOf<C>>);
}

/**
 * apiFetch with the successful answer's body read by `read` as it streams in (a long list parsed
 * while it arrives); an error answer is read and thrown exactly as apiFetch does.
 */
export function apiFetchStreamed<C extends AnyContract, T>(
  contract: C,
  read: (response: Response) => Promise<T>,
  ...[options]: OptionsArgument<C>
): Promise<T> {
  return fetchAnswer(contract, options, read);
}

async function fetchAnswer<C extends AnyContract, T>(
  contract: C,
  options: ApiFetchOptions<C> | undefined,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { params, body, signal } = (options ?? {}) as { params?: ArgsOf<C>; body?: unknown; signal?: AbortSignal };
  // Read once per call: a step-up's resend goes in the mode the write was reviewed in.
  const mode = shownMode();
  // A read this tab sends on its own leaves the idle clock alone (lib/person-activity.ts).
  const background = contract.method === "GET" && isBackgroundRead();
  const send = async () => {
    try {
      // `never`: the options type above already tied params to this contract's path.
      return await fetch(contract.path(params as never), {
        method: contract.method,
        signal,
        credentials: "same-origin",
        cache: "no-store",
        headers: {
          Accept: "application/json",
          // The BFF's CSRF check wants it on every write; sending it always is harmless.
          ...CSRF_HEADERS,
          // The mode the page shows: a write in another mode than the session's is refused (lib/shown-mode.ts).
          ...(mode === null ? {} : { [MODE_HEADER_NAME]: mode }),
          ...(background ? { [BACKGROUND_READ_HEADER]: "1" } : {}),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiFetchError(0, "network_error", "The dashboard could not be reached. Check your connection.");
    }
  };

  try {
    return await answerOf(await send(), read);
  } catch (error) {
    // A write that needs a fresh second factor: once a code is accepted, the very same request
    // again (same body, so the same idempotency key: it cannot make a second payout).
    if (isApiFetchError(error) && error.code === "step_up_required" && (await askForStepUp())) return answerOf(await send(), read);
    // The session is in another mode than this page shows: the pages catch up with it (ModeScope).
    if (isApiFetchError(error) && error.code === "mode_changed") reportShownModeRefused();
    throw error;
  }
}

async function answerOf<T>(response: Response, read: (response: Response) => Promise<T>): Promise<T> {
  if (response.ok) return read(response);

  const json = await readJson(response);
  const error = errorOf(json);
  if (error && isApiErrorCode(error.code)) {
    const message = typeof error.message === "string" ? error.message : `Request failed (HTTP ${response.status}).`;
    const requestId = typeof error.requestId === "string" ? error.requestId : undefined;
    throw new ApiFetchError(
      response.status,
      error.code,
      message,
      requestId,
      error.fields as FieldErrors | undefined,
      retryAfterSeconds(response),
      typeof error.approvalId === "string" ? error.approvalId : undefined,
    );
  }
  throw new ApiFetchError(response.status, "unexpected_response", `Unexpected response (HTTP ${response.status}).`);
}
