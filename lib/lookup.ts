// The lookup box's limit, browser-safe and free of zod: the route's schema (lib/contracts/inputs/lookup.ts)
// and the page reading a pasted link (components/lookup/lookup-view.tsx) say the same thing.

/** Longer than any transaction ID or platform order ID the API sends (the API's text limit). */
export const LOOKUP_MAX_LENGTH = 200;
export const LOOKUP_TOO_LONG = `That is longer than any transaction ID or platform order ID (at most ${LOOKUP_MAX_LENGTH} characters).`;
