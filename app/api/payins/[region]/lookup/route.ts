import { payinLookupRoute } from "@/app/api/_regions/region-routes";

/** "Was it created?" for a pay-in whose answer was lost: GET /api/payins/{region}/lookup?reference=. */
export const GET = payinLookupRoute;
