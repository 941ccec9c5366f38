// The input schemas of lib/contracts/lookup.ts: the BFF loads it (contract.ts says why), the lookup form checks with it too.
import * as z from "zod/mini";
import { withoutInvisibles } from "@/lib/invisibles";

/** The lookup box's rule, for the form and the route alike. */
export const lookupQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.overwrite(withoutInvisibles),
      z.trim(),
      z.minLength(1, { message: "Enter a transaction ID or a platform order ID.", abort: true }),
      z.maxLength(200, "That is longer than any transaction ID or platform order ID (at most 200 characters)."),
    ),
});
