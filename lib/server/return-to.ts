import "server-only";

// After sign-in the browser goes back only to a path on this origin; anything a browser could read
// as another origin ("//evil.com", "/\evil.com", "javascript:…") becomes "/". The check runs on the
// string we return, not the one given: "/..//evil.com" resolves to "//evil.com" (issue 15's open
// redirect, docs/decisions/0012, 0124).

const FALLBACK = "/";
const MAX_LENGTH = 2048;
// Any origin will do: a same-origin path resolves onto it, anything else does not.
const BASE = "https://return-to.invalid";

/** True when a browser on our origin would read `path` as a path on that same origin. */
function isSameOriginPath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_LENGTH) return false;
  // Control characters (URL parsers strip tabs and newlines, so "/\t/x" becomes "//x") and
  // backslashes (read as "/") have no place in a path we hand back.
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(path)) return false;
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  return URL.canParse(path, BASE) && new URL(path, BASE).origin === BASE;
}

export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !isSameOriginPath(value)) return FALLBACK;
  const url = new URL(value, BASE);
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  // The string the browser will follow must pass the same test, and must be stable:
  // resolving it again gives itself, so no later parser can read it differently.
  if (!isSameOriginPath(resolved)) return FALLBACK;
  const again = new URL(resolved, BASE);
  if (`${again.pathname}${again.search}${again.hash}` !== resolved) return FALLBACK;
  // Never bounce back into the sign-in page or the API.
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/api/")) return FALLBACK;
  return resolved;
}
