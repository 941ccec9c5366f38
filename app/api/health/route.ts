import { healthContract } from "@/lib/contracts/health";
import { withPublic } from "@/lib/server/bff";

// For load balancers: answers without touching the users file or the payments API.
export const GET = withPublic(healthContract, () => ({ status: "ok" }));
