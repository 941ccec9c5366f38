// What the browser posts for each money write: the request body exactly as
// the API will receive it (the shared schema in lib/requests), plus,
// for writes that carry no merchant id, the attempt key its Idempotency-Key
// derives from. zod/mini, so the same schema serves the form and the BFF.
import * as z from "zod/mini";
import {
  bangladeshPayinRequestSchema,
  bangladeshPayoutRequestSchema,
  brazilPayinRequestSchema,
  brazilPayoutRequestSchema,
  europePayinRequestSchema,
  europePayoutRequestSchema,
  indiaPayinRequestSchema,
  pyusdIntentRequestSchema,
} from "@/lib/requests";

/** A random id the browser makes once per reviewed pay-in (not personal data), kept across retries and refresh. */
export const attemptKeySchema = z.string().check(z.regex(/^[A-Za-z0-9-]{16,64}$/, "Invalid attempt key"));

const withAttempt = <S extends z.core.$ZodType>(body: S) => z.object({ attemptKey: attemptKeySchema, body });
/** The key derives from body.merchantReference, the merchant's own id for the write. */
const withReference = <S extends z.core.$ZodType>(body: S) => z.object({ body });

export const PAYIN_SUBMISSIONS = {
  bangladesh: withAttempt(bangladeshPayinRequestSchema),
  brazil: withAttempt(brazilPayinRequestSchema),
  india: withAttempt(indiaPayinRequestSchema),
  europe: withAttempt(europePayinRequestSchema),
  pyusd: withReference(pyusdIntentRequestSchema),
} as const;

export const PAYOUT_SUBMISSIONS = {
  bangladesh: withReference(bangladeshPayoutRequestSchema),
  brazil: withReference(brazilPayoutRequestSchema),
  europe: withReference(europePayoutRequestSchema),
} as const;

export type PayinSubmission<R extends keyof typeof PAYIN_SUBMISSIONS> = z.infer<(typeof PAYIN_SUBMISSIONS)[R]>;
export type PayoutSubmission<R extends keyof typeof PAYOUT_SUBMISSIONS> = z.infer<(typeof PAYOUT_SUBMISSIONS)[R]>;

/** The UTR form of an India pay-in (the transaction id comes from the URL). */
export const utrSubmissionSchema = z.object({ utr: z.string().check(z.trim(), z.regex(/^\d{12}$/, "The UTR is the 12-digit bank reference")) });
