// The mode a tab shows (test or live), sent with each of its requests (browser-safe). The mode
// is the session's, so switching it in one tab switches every tab; a tab that has not yet
// noticed would otherwise send a payout reviewed under a test banner to live. The BFF refuses
// a write whose stated mode is not the session's (lib/server/request-guard.ts).
export const MODE_HEADER_NAME = "X-Console-Mode";
