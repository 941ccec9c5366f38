import { payoutStatusRoute } from "@/app/api/_regions/region-routes";

export const GET = payoutStatusRoute;
