// Known open-redirect bypasses for a "same-origin path only" check. Each must
// end on our own origin, whatever the parser does with dots, slashes, encodings
// or unicode. Shared by the unit test, the sign-in API test and the e2e spec.
export const OPEN_REDIRECT_BYPASSES: readonly string[] = [
  // Dot segments that resolve to a path beginning "//" (the issue 15 finding).
  "/..//evil.example/phish",
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "/%2e//evil.example",
  "/./..//evil.example",
  "/x/../..//evil.example",
  "/..;//evil.example",
  // Protocol-relative and backslash forms.
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/..\\/evil.example",
  "https:/\\evil.example",
  // Whitespace and control characters that URL parsers strip.
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "/\u0085/evil.example",
  // Encoded slashes, backslashes, tabs and NULs.
  "/%2f/evil.example",
  "/%5c/evil.example",
  "/%09/evil.example",
  "/%00//evil.example",
  "/%252e%252e//evil.example",
  // Schemes.
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // Userinfo.
  "//evil.example@console.example",
  "/@evil.example",
  "@evil.example",
  // Unicode look-alikes of "/" and ".".
  "/\uff0f\uff0fevil.example",
  "/\u2215\u2215evil.example",
  "/\u3002\u3002//evil.example",
];

/** What a browser on `origin` does with a redirect target: the URL it would open. */
export function landsOn(target: string, origin: string): URL {
  return new URL(target, origin);
}
