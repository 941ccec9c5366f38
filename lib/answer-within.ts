// Browser-safe (no secrets, no I/O of its own).

/**
 * `answer`'s value if it settles within `ms`, else undefined; a rejection within `ms` passes on.
 * For work a caller may stop waiting for while it goes on (a page render that must not wait long
 * for an upstream read, a health probe's bound). Never for an answer that may itself be undefined.
 * A rejection after the wait is the caller's to handle, as for any promise it keeps.
 */
export async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
