import { payinStatusRoute } from "@/lib/server/regions/routes";

/** A pay-in's status from its region's endpoint. */
export const GET = payinStatusRoute;
