import { payinCreateRoute } from "@/app/api/_regions/region-routes";

/** Request a payment: POST /api/payins/{bangladesh|brazil|india|europe|pyusd}. */
export const POST = payinCreateRoute;
