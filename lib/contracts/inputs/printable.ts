// Text a person types has no control characters (a NUL, an escape, a bell): Postgres refuses a NUL
// in text and jsonb outright, which would answer a stray byte in a filter with a 500. Browser-safe.
import * as z from "zod/mini";

/** Refuses control characters (Unicode category Cc: U+0000–U+001F and U+007F–U+009F). */
export const printable = () => z.regex(/^\P{Cc}*$/u, "Remove the control characters (such as a NUL) from this text.");
