// The input schemas of features/lookup/contracts.ts: the BFF loads it (contract.ts says why), the lookup form checks with it too.
import * as z from "zod/mini";
import { withoutInvisibles } from "@/lib/invisibles";
import { LOOKUP_MAX_LENGTH, LOOKUP_TOO_LONG } from "@/lib/lookup-input";

/** The lookup box's rule, for the form and the route alike. */
export const lookupQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.overwrite(withoutInvisibles),
      z.trim(),
      z.minLength(1, { message: "Enter a transaction ID or a platform order ID.", abort: true }),
      z.maxLength(LOOKUP_MAX_LENGTH, LOOKUP_TOO_LONG),
    ),
});
