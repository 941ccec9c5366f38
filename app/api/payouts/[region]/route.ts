import { payoutCreateRoute } from "@/app/api/_regions/region-routes";

/** POST /api/payouts/{bangladesh|brazil|europe}. */
export const POST = payoutCreateRoute;
