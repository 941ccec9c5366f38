// A reader's time zone sent with a day ("an amount on a day" in the lookup, /audit's From and To):
// the server reads the day in it with Postgres's AT TIME ZONE. Browser-safe.
import * as z from "zod/mini";

/**
 * Whether `name` is an IANA zone name ("Asia/Dhaka", "UTC") this runtime knows. Names only: an
 * offset such as "+05:30", which newer runtimes accept, means the opposite sign to Postgres's
 * AT TIME ZONE, where the server uses the name.
 */
function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name the runtime knows. */
export const timeZoneName = () => z.string().check(z.refine(isTimeZone, "Not a time zone."));
