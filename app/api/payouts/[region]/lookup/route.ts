import { payoutLookupRoute } from "@/app/api/_regions/region-routes";

/** "Was it created?" for a payout whose answer was lost: GET /api/payouts/{region}/lookup?reference=. */
export const GET = payoutLookupRoute;
