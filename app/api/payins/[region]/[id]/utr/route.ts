import { indiaUtrRoute } from "@/app/api/_regions/region-routes";

/** India only: the customer's bank UTR (POST /v1/h2h/buyer-confirms-payment). */
export const POST = indiaUtrRoute;
