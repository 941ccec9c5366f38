import "server-only";

// After sign-in the browser goes back to the page that was asked for, but only
// to a path on this origin: anything a browser could read as another origin
// ("//evil.com", "/\evil.com", "https://evil.com", "javascript:…") becomes "/".

const FALLBACK = "/";

export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return FALLBACK;
  // Control characters (tabs and newlines are stripped by URL parsers) and backslashes (read as "/").
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return FALLBACK;
  if (!value.startsWith("/") || value.startsWith("//")) return FALLBACK;
  // Belt and braces: resolved against a dummy origin, the result must stay on it.
  const base = "https://return-to.invalid";
  const url = new URL(value, base);
  if (url.origin !== base) return FALLBACK;
  // Never bounce back into the sign-in page or the API.
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/api/")) return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}
