// Instants as strings that sort in time order, so ordering 100,000 rows needs no Date.parse
// per row (the BFF's row store; the worker's column store keeps epoch ms instead). The API's
// timestamps are normally in toISOString's form (UTC, milliseconds, 24 characters), which
// already sorts as the instants do and is used as it is; any other ISO 8601 form (an offset,
// other precision) is brought to that form once.
const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The instant `iso` names, as a string comparable with `<`; an unparseable value is kept as given. */
export function instantKey(iso: string): string {
  if (iso.length === 24 && CANONICAL.test(iso)) return iso;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString();
}
