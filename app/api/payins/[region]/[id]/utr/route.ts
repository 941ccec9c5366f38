import { indiaUtrRoute } from "@/lib/server/regions/routes";

/** India only: the customer's bank UTR (POST /v1/h2h/buyer-confirms-payment). */
export const POST = indiaUtrRoute;
