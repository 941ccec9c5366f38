// The request schemas for a browser form, loaded when the operator first moves into the form
// (focus) rather than with the page: a form checks a body only when it is reviewed or sent,
// and the schemas with zod are ~19 KB gzip. Call it early from an event handler; it loads once.
export const loadRequestSchemas = () => import("./index");

/** What a form says when its checks could not be downloaded (a dropped connection): nothing was checked or sent. */
const CHECKS_UNAVAILABLE = "This form's checks could not be loaded, so nothing was sent. Check the connection and try again.";

/**
 * `load()`, or null after telling the operator through `say`: a schema loaded on demand can fail
 * to download, and a click must never end in silence. A later click tries the download again.
 */
export async function loadOrSay<T>(load: () => Promise<T>, say: (message: string) => void): Promise<T | null> {
  try {
    return await load();
  } catch {
    say(CHECKS_UNAVAILABLE);
    return null;
  }
}
