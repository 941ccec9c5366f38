// The staff page's limits, shared by its schemas and its forms (browser-safe).

/** The longest reason an admin gives for a change (the audit trail keeps it whole). */
export const REASON_MAX_LENGTH = 500;
/** A name's most characters, as lib/server/users.ts stores it. */
export const NAME_MAX_LENGTH = 200;
