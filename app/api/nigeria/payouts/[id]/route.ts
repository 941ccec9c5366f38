import { nigeriaPayoutContract } from "@/lib/contracts/nigeria/payouts";
import { ApiError } from "@/lib/server/api-error";
import { withSession } from "@/lib/server/bff";
import { getNigeriaPayout } from "@/lib/server/nigeria/payouts";

export const GET = withSession(
  nigeriaPayoutContract,
  async ({ params, client }) => {
    const id = typeof params.id === "string" ? params.id.trim() : "";
    if (id === "" || id.length > 200) throw new ApiError("validation", "A transaction id is required.");
    return getNigeriaPayout(id, client);
  },
  { permission: "nigeria:read" },
);
