// "Was it created?" for a money write whose answer was lost (browser-safe): the
// query every rail's lookup route takes and the answer it gives.

/** Every rail's lookup route takes `?reference=` (inputs/write-lookup.ts). */
export const loadReferenceLookupSchema = () => import("./inputs/write-lookup").then((m) => m.referenceLookupSchema);

/**
 * - created: it exists, here is its id
 * - in_flight: this BFF is still sending it
 * - failed: the API refused it for good, nothing was created
 * - not_found: looked for where it would be, and it is not there
 * - unknown: nothing says yet; sending the same reviewed write again is safe
 */
export type WriteLookupDto =
  | { state: "created"; transactionId: string }
  | { state: "in_flight" }
  | { state: "failed"; code: string }
  | { state: "not_found" }
  | { state: "unknown" };
