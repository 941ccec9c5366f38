// Browser-safe constants (no secrets): the response headers proxy.ts puts on every page and BFF answer.

// Powerful browser features the console never uses are switched off for it and anything it embeds.
// Clipboard writes (the copy buttons) default to 'self' and are left alone. Only features the
// browser knows: an unknown one (Chromium never had 'bluetooth' here) is a console warning on
// every page for every visitor, and e2e/security-headers.spec.ts fails on it.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
].join(", ");

/** Headers on every page and BFF answer; the CSP carries the request's nonce. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "Content-Security-Policy": csp,
    // A window the console opens (or that opens it) gets no handle on it: no tab-nabbing, no cross-window leaks.
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Once a browser has reached the console over HTTPS, it never tries plain HTTP for it again (a
    // downgrade on a café's network would hand over the session cookie's first request). Browsers
    // heed it only over HTTPS (RFC 6797 §8.1), so the plain-HTTP demo is unaffected. Two years, as
    // preload lists ask; no includeSubDomains: the console does not own its parent's other hosts.
    "Strict-Transport-Security": "max-age=63072000",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  };
}
