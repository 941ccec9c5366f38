// Browser-safe, and free of zod: the transactions page's search uses it on every keystroke.
/**
 * A pasted id without the characters no one can see: control characters (a trailing newline, a
 * DEL) and format characters (a zero-width space or a soft hyphen from a chat or a PDF, a bidi
 * mark). A search box drops them rather than refusing text that looks right.
 */
export const withoutInvisibles = (value: string) => value.replace(/[\p{Cc}\p{Cf}]/gu, "");
