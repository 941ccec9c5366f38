// "Was it created?" for a money write whose answer was lost (browser-safe): the
// query every rail's lookup route takes and the answer it gives.
import * as z from "zod/mini";
import { merchantReferenceSchema } from "@/lib/requests";

export const referenceLookupSchema = z.object({ reference: merchantReferenceSchema });

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
