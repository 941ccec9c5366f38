import { isApiFetchError } from "@/lib/api-fetch";

function minutes(seconds: number): string {
  const value = Math.max(1, Math.ceil(seconds / 60));
  return value === 1 ? "1 minute" : `${value} minutes`;
}

/** One generic message for a wrong email or password: never say which one was wrong. */
export function signInErrorMessage(error: unknown): string {
  if (isApiFetchError(error)) {
    if (error.status === 401) return "The email or password is incorrect.";
    if (error.status === 429) {
      const wait = error.retryAfter === undefined ? "a few minutes" : minutes(error.retryAfter);
      return `Too many sign-in attempts. Try again in ${wait}.`;
    }
    if (error.status === 400) return "Enter your email and password.";
  }
  return "Sign-in is unavailable right now. Try again shortly.";
}
