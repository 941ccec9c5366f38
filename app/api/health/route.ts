import { healthContract } from "@/lib/contracts/health";
import { JsonWithStatus, withPublic } from "@/lib/server/bff";
import { checkDatabase } from "@/lib/server/db/health";
import { isDraining } from "@/lib/server/lifecycle/drain";

// For load balancers: one `select 1` (bounded at 1 s), never the payments API, never a session.
// A stopping instance (lib/server/lifecycle/drain.ts) is out at once, before its database is asked: it
// finishes what it holds, and the balancer should send new work to the others.
export const GET = withPublic(healthContract, async () => {
  if (isDraining()) return new JsonWithStatus(503, { status: "draining" });
  const database = await checkDatabase();
  if (database.status === "ok") return { status: "ok", database: "up" };
  return new JsonWithStatus(503, { status: "degraded", database: "down" });
});
