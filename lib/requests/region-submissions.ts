// What the browser posts for each money write: the request body exactly as
// the API will receive it (the shared schema in lib/requests), plus, for
// pay-ins whose body carries no merchant id, the reference the
// Idempotency-Key derives from. zod/mini, so the same schema serves the form
// and the BFF.
import * as z from "zod/mini";
import {
  bangladeshPayinRequestSchema,
  bangladeshPayoutRequestSchema,
  brazilPayinRequestSchema,
  brazilPayoutRequestSchema,
  europePayinRequestSchema,
  europePayoutRequestSchema,
  indiaPayinRequestSchema,
  merchantReferenceSchema,
  pyusdIntentRequestSchema,
  utrSchema,
} from "@/lib/requests";

/** Pay-ins whose body has no merchant id: the browser's reference for the reviewed write travels beside it. */
const withReference = <S extends z.core.$ZodType>(body: S) => z.object({ reference: merchantReferenceSchema, body });
/** The key derives from body.merchantReference (or the rail's own merchant id field), the merchant's own id for the write. */
const bodyOnly = <S extends z.core.$ZodType>(body: S) => z.object({ body });

/** Each region's request body, as its form checks it before the review. */
export const PAYIN_BODIES = {
  bangladesh: bangladeshPayinRequestSchema,
  brazil: brazilPayinRequestSchema,
  india: indiaPayinRequestSchema,
  europe: europePayinRequestSchema,
  pyusd: pyusdIntentRequestSchema,
} as const;

export const PAYOUT_BODIES = {
  bangladesh: bangladeshPayoutRequestSchema,
  brazil: brazilPayoutRequestSchema,
  europe: europePayoutRequestSchema,
} as const;

export const PAYIN_SUBMISSIONS = {
  // goodsInfo.id, when given, is the rail's own merchant id and the reference (lib/server/money-writes/kinds/region-payin.ts).
  bangladesh: withReference(PAYIN_BODIES.bangladesh),
  brazil: withReference(PAYIN_BODIES.brazil),
  india: withReference(PAYIN_BODIES.india),
  europe: withReference(PAYIN_BODIES.europe),
  pyusd: bodyOnly(PAYIN_BODIES.pyusd),
} as const;

export const PAYOUT_SUBMISSIONS = {
  bangladesh: bodyOnly(PAYOUT_BODIES.bangladesh),
  brazil: bodyOnly(PAYOUT_BODIES.brazil),
  europe: bodyOnly(PAYOUT_BODIES.europe),
} as const;

export type PayinSubmission<R extends keyof typeof PAYIN_SUBMISSIONS> = z.output<(typeof PAYIN_SUBMISSIONS)[R]>;
export type PayoutSubmission<R extends keyof typeof PAYOUT_SUBMISSIONS> = z.output<(typeof PAYOUT_SUBMISSIONS)[R]>;

/** The UTR form of an India pay-in (the transaction id comes from the URL). */
export const utrSubmissionSchema = z.object({ utr: utrSchema });
