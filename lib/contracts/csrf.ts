// The custom header every dashboard fetch carries (browser-safe). The BFF
// refuses a write without it (lib/server/request-guard.ts): a cross-site form
// or a "simple" fetch cannot send it without a CORS preflight we never grant.
export const CSRF_HEADER_NAME = "X-Requested-With";
export const CSRF_HEADER_VALUE = "merchant-console";
export const CSRF_HEADERS = { [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE } as const;
