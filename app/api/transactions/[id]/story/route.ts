import { storyContract } from "@/features/transactions/contracts";
import { readPaymentStory } from "@/features/transactions/server/story";
import { withSession } from "@/lib/server/bff";
import { transactionIdOf } from "@/lib/server/transaction-id";

/** A payment's story in the session's mode: support reads it as finance does (only this payment's entries, no audit:read). */
export const GET = withSession(storyContract, ({ params, session }) => readPaymentStory(session.mode, transactionIdOf(params.id)), {
  permission: "transactions:read",
});
