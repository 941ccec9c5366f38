import { healthContract } from "@/lib/contracts/health";
import { JsonWithStatus, withPublic } from "@/lib/server/bff";
import { checkDatabase } from "@/lib/server/db/health";

// For load balancers: one `select 1` (bounded at 1 s), never the payments API, never a session.
export const GET = withPublic(healthContract, async () => {
  const database = await checkDatabase();
  if (database.status === "ok") return { status: "ok", database: "up" };
  return new JsonWithStatus(503, { status: "degraded", database: "down" });
});
