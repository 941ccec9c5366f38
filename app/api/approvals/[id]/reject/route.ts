import { rejectContract } from "@/features/approvals/contracts";
import { approvalIdOf, reject } from "@/features/approvals/server/approvals";
import { withSession } from "@/lib/server/bff";
import { writeContextOf } from "@/lib/server/money-writes/context";

/** Reject with a reason: nothing is sent and the reference is spent. Never the maker's own (403). */
export const POST = withSession(rejectContract, (ctx) => reject(approvalIdOf(ctx.params.id), ctx.input.reason, writeContextOf(ctx)), {
  permission: "payouts:approve",
});
