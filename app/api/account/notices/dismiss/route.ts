import { dismissNoticeContract } from "@/features/account/contracts";
import { ApiError } from "@/lib/server/api-error";
import { withSession } from "@/lib/server/bff";
import { db } from "@/lib/server/db/app";
import { dismissNotice } from "@/lib/server/notices";

/** Dismisses one of one's own notices (lib/server/notices.ts); another person's id is 404, as an unknown one is. */
export const POST = withSession(
  dismissNoticeContract,
  async ({ input, session }) => {
    if (!(await dismissNotice(db(), session.user.email, input.id))) throw new ApiError("not_found", "No such notice of yours.");
    return { dismissed: true as const };
  },
  { anyMode: true },
);
