// Browser-safe constants (no secrets): the response headers proxy.ts puts on every page and BFF answer.

// Powerful browser features the console never uses are switched off for it and anything it embeds.
// Clipboard writes (the copy buttons) default to 'self' and are left alone. Only features the
// browser knows: an unknown one (Chromium never had 'bluetooth' here) is a console warning on
// every page for every visitor, and e2e/security-headers.spec.ts fails on it.
export const PERMISSIONS_POLICY = [
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
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  };
}
