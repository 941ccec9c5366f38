// Instants as strings that sort in time order, so ordering and date-filtering 100,000
// rows needs no Date.parse per row. The API's timestamps are normally in toISOString's
// form (UTC, milliseconds, 24 characters), which already sorts as the instants do and is
// used as it is; any other ISO 8601 form (an offset, other precision) is brought to that
// form once. Browser-safe: the row store and the browser's prepared rows both use it.
const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The instant `iso` names, as a string comparable with `<`; an unparseable value is kept as given. */
export function instantKey(iso: string): string {
  if (iso.length === 24 && CANONICAL.test(iso)) return iso;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString();
}

export function instantKeyOfMs(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The UTC quarter hour a key falls in, as the number YYYYMMDDHHq, read from the key's digits
 * without allocating (the per-day chart asks for every row on every filter change). Every
 * timezone offset and DST jump is a whole number of quarter hours, so all instants in one
 * UTC quarter hour share a local day.
 */
export function quarterHourOf(key: string): number {
  const digit = (at: number) => key.charCodeAt(at) - 48;
  const year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const month = digit(5) * 10 + digit(6);
  const day = digit(8) * 10 + digit(9);
  const hour = digit(11) * 10 + digit(12);
  const quarter = Math.floor((digit(14) * 10 + digit(15)) / 15);
  return (((year * 100 + month) * 100 + day) * 100 + hour) * 10 + quarter;
}
