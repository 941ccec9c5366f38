import { isApiFetchError } from "@/lib/api-fetch";
import { waitText } from "./code-error";

/** One generic message for a wrong email or password: never say which one was wrong. */
export function signInErrorMessage(error: unknown): string {
  if (isApiFetchError(error)) {
    if (error.status === 401) return "The email or password is incorrect.";
    if (error.status === 429) {
      return `Too many sign-in attempts. Try again in ${waitText(error.retryAfter)}.`;
    }
    if (error.status === 400) return "Enter your email and password.";
  }
  return "Sign-in is unavailable right now. Try again shortly.";
}
