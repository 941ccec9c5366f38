import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { NigeriaPayoutDto } from "@/lib/contracts/nigeria/payouts";
import { ApiError } from "../api-error";
import { toPayoutDto } from "./dto";

// The create goes through the money-write pipeline (lib/server/money-writes/rails/ngn-payout.ts).

/** A single payout for the status page; a 404 is the API's own answer. */
export async function getNigeriaPayout(id: string, client: PaymentsClient): Promise<NigeriaPayoutDto> {
  try {
    return toPayoutDto(await client.nigeria.getPayout(id));
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === "validation") throw new ApiError("not_found");
    throw error;
  }
}
