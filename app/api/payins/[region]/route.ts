import { payinCreateRoute } from "@/lib/server/regions/routes";

/** Request a payment: POST /api/payins/{bangladesh|brazil|india|europe|pyusd}. */
export const POST = payinCreateRoute;
