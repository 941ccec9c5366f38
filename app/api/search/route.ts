import { searchContract } from "@/features/lookup/contracts";
import { appSearchSources, searchPayments } from "@/features/lookup/server/search";
import { withSession } from "@/lib/server/bff";

/**
 * Support's one search: both modes at once (whatever the session's mode), each result labelled
 * with its own, for any role that may read transactions.
 */
export const GET = withSession(searchContract, ({ input: { q, tz }, session }) => searchPayments(q, tz, appSearchSources(session.modes)), {
  permission: "transactions:read",
});
