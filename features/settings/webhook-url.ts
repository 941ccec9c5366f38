// A webhook URL's host and length limit, shared by the settings contract (contracts.ts)
// and its input schema (schemas.ts) without either importing the other. Browser-safe.

/** The host of a URL in lower case ("hooks.example.com"), or "" when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}

/**
 * A webhook URL's most characters: a browser's practical limit for a URL; the spec shows none
 * (docs/decisions/0055-limits-every-form-checks-before-the-review.md).
 */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
