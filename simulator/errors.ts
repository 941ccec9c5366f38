// Error body: { statusCode, error, message, code?, details? } (README "Error body").

import { STATUS_CODES } from "node:http";

export type Detail = { path: string; message: string };

export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: Detail[],
    /** business-rule outcome (step 10): kept for idempotent replay */
    readonly stored = false,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(status: number, message: string, code?: string, details?: Detail[]) {
  return {
    statusCode: status,
    error: STATUS_CODES[status] ?? "Error",
    message,
    ...(code ? { code } : {}),
    ...(details && details.length > 0 ? { details } : {}),
  };
}

export const validationError = (details: Detail[], message = "Validation failed") => new SimError(400, message, undefined, details);
export const businessError = (status: number, code: string, message: string) => new SimError(status, message, code, undefined, true);
export const notFound = (what = "Transaction") => new SimError(404, `${what} not found`, "not_found");
