import { europeApproveRoute } from "@/lib/server/regions/routes";

/** Europe only: the explicit approve step of a payout that requires it. */
export const POST = europeApproveRoute;
