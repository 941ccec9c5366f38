import { europeApproveRoute } from "@/app/api/_regions/region-routes";

/** Europe only: the explicit approve step of a payout that requires it. */
export const POST = europeApproveRoute;
