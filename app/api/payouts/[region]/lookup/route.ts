import { payoutLookupRoute } from "@/lib/server/regions/routes";

/** "Was it created?" for a payout whose answer was lost: GET /api/payouts/{region}/lookup?reference=. */
export const GET = payoutLookupRoute;
