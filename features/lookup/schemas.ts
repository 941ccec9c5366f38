// The input schema of features/lookup/contracts.ts: the BFF loads it (contract.ts says why), the search form checks with it too.
import * as z from "zod/mini";
import { withoutInvisibles } from "@/lib/invisibles";
import { timeZoneName } from "@/lib/contracts/inputs/time-zone";
import { SEARCH_MAX_LENGTH } from "./search-query";

export const SEARCH_EMPTY = "Enter what the caller has: a transaction ID, an order ID, a reference, an amount or an account's last digits.";
export const SEARCH_TOO_LONG = `That is longer than anything the search matches (at most ${SEARCH_MAX_LENGTH} characters).`;

/** The search box's rule, for the form and the route alike; `tz` is the searcher's time zone, for "an amount on a day". */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.overwrite(withoutInvisibles),
      z.trim(),
      z.minLength(1, { message: SEARCH_EMPTY, abort: true }),
      z.maxLength(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG),
    ),
  tz: z._default(timeZoneName(), "UTC"),
});
