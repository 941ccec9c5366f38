import { payoutCreateRoute } from "@/lib/server/regions/routes";

/** POST /api/payouts/{bangladesh|brazil|europe}. */
export const POST = payoutCreateRoute;
