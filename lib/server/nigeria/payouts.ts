import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { NigeriaPayoutDto } from "@/lib/contracts/nigeria/payouts";
import { ApiError } from "../api-error";
import { toPayoutDto } from "./dto";

// The create goes through the money-write pipeline (lib/server/money-writes/rails/ngn-payout.ts).

/** The status page's transaction id, as GET /api/nigeria/payouts/[id] and the page read it: trimmed, 1–200 characters. */
export function payoutIdOf(raw: unknown): string {
  const id = typeof raw === "string" ? raw.trim() : "";
  if (id === "" || id.length > 200) throw new ApiError("validation", "A transaction id is required.");
  return id;
}

/** A single payout for the status page; a 404 is the API's own answer. */
export async function getNigeriaPayout(id: string, client: PaymentsClient): Promise<NigeriaPayoutDto> {
  try {
    return toPayoutDto(await client.nigeria.getPayout(id));
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === "validation") throw new ApiError("not_found");
    throw error;
  }
}
