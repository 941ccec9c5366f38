import { payoutStatusRoute } from "@/lib/server/regions/routes";

export const GET = payoutStatusRoute;
