import { payinStatusRoute } from "@/app/api/_regions/region-routes";

/** A pay-in's status from its region's endpoint. */
export const GET = payinStatusRoute;
