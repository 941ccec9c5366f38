// A read the browser sent on its own (browser-safe; issue 54): a poll, a refetch on focus, the
// transactions feed's refresh. The BFF does not count it as the person's use, so the idle timeout
// runs while a tab sits open on an unattended desk. Trusted only to NOT refresh the idle clock: a
// request without it counts as use, as every request did before.
export const BACKGROUND_READ_HEADER = "X-Background-Read";
