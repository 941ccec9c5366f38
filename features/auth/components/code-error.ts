import { isApiFetchError } from "@/lib/api-fetch";

/** What to tell someone whose code was not taken. */
export function codeErrorMessage(error: unknown): string {
  if (isApiFetchError(error)) {
    if (error.code === "invalid_code") return error.message;
    // An empty or overlong box: the field's own words ("Enter the code").
    if (error.status === 400) return error.fields?.code?.[0] ?? error.message;
    if (error.status === 429) return `Too many codes tried. Try again in ${waitText(error.retryAfter)}.`;
    if (error.status === 401) return "This sign-in has expired. Start again with your email and password.";
  }
  return "The code could not be checked right now. Try again shortly.";
}

export function waitText(seconds: number | undefined): string {
  if (seconds === undefined) return "a few minutes";
  if (seconds < 60) return seconds <= 1 ? "1 second" : `${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
