import { approveContract } from "@/features/approvals/contracts";
import { approvalIdOf, approve } from "@/features/approvals/server/approvals";
import { withSession } from "@/lib/server/bff";
import { writeContextOf } from "@/lib/server/money-writes/context";

/** Approve (step-up: payouts:approve needs a fresh second factor): sends the stored body once. Never the maker's own (403). */
export const POST = withSession(approveContract, (ctx) => approve(approvalIdOf(ctx.params.id), writeContextOf(ctx)), {
  permission: "payouts:approve",
});
