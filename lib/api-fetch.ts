// Browser-side fetch for our own BFF (app/api/**). Never talks to the Merchant API:
// the key and secret live only on the server.

/** The BFF's CSRF check wants this header on every mutation; sending it always is harmless. */
export const CSRF_HEADER = { "X-Requested-With": "merchant-console" } as const;

export type ApiErrorBody = {
  error: { code: string; message: string; requestId?: string; fields?: Record<string, string[]> };
};

export class ApiFetchError extends Error {
  override name = "ApiFetchError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly fields?: Record<string, string[]>,
    /** Seconds, from Retry-After, when the server gave one (throttled sign-in). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export function isApiFetchError(error: unknown): error is ApiFetchError {
  return error instanceof ApiFetchError;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string";
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

type ApiFetchInit = Omit<RequestInit, "body"> & { json?: unknown };

/** Fetches a BFF route and returns its parsed JSON, or throws ApiFetchError with the stable error shape. */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      credentials: "same-origin",
      cache: "no-store",
      headers: {
        Accept: "application/json",
        ...CSRF_HEADER,
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiFetchError(0, "network_error", "The dashboard could not be reached. Check your connection.");
  }

  const body = await readJson(response);
  if (response.ok) return body as T;

  if (isErrorBody(body)) {
    const { code, message, requestId, fields } = body.error;
    throw new ApiFetchError(response.status, code, message, requestId, fields, retryAfterSeconds(response));
  }
  throw new ApiFetchError(response.status, "unexpected_response", `Unexpected response (HTTP ${response.status}).`);
}
