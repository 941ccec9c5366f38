// What the Nigeria pages post to the BFF: the wire body (lib/requests/nigeria.ts,
// the one schema the client also applies) plus what only the browser and the BFF
// share. zod/mini, so the form and the route validate with the same rules.
import * as z from "zod/mini";
import { merchantReferenceSchema, nigeriaPayoutRequestSchema, nigeriaVirtualAccountRequestSchema } from "@/lib/requests";

/** The BFF body: the six fields plus the reference the Idempotency-Key derives from (made by the browser, not personal, kept across retries). */
export const provisionSubmissionSchema = z.extend(nigeriaVirtualAccountRequestSchema, { reference: merchantReferenceSchema });
export type ProvisionSubmission = z.infer<typeof provisionSubmissionSchema>;

/** What the browser posts: the body plus the token the BFF's own name enquiry issued. */
export const payoutSubmissionSchema = z.extend(nigeriaPayoutRequestSchema, {
  beneficiaryToken: z.string().check(z.minLength(1, "Confirm the account name first"), z.maxLength(4096)),
});
export type PayoutSubmission = z.infer<typeof payoutSubmissionSchema>;
