// The custom headers a tab's fetches carry to the BFF (browser-safe). The CSRF one: the BFF
// refuses a write without it (lib/server/request-guard.ts): a cross-site form
// or a "simple" fetch cannot send it without a CORS preflight we never grant.
export const CSRF_HEADER_NAME = "X-Requested-With";
export const CSRF_HEADER_VALUE = "merchant-console";
export const CSRF_HEADERS = { [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE } as const;

// The mode a tab shows (test or live), sent with each of its requests. The mode
// is the session's, so switching it in one tab switches every tab; a tab that has not yet
// noticed would otherwise send a payout reviewed under a test banner to live. The BFF refuses
// a write whose stated mode is not the session's (lib/server/request-guard.ts).
export const MODE_HEADER_NAME = "X-Console-Mode";

// A read the browser sent on its own (issue 54): a poll, a refetch on focus, the
// transactions feed's refresh. The BFF does not count it as the person's use, so the idle timeout
// runs while a tab sits open on an unattended desk. Trusted only to NOT refresh the idle clock: a
// request without it counts as use, as every request did before.
export const BACKGROUND_READ_HEADER = "X-Background-Read";
