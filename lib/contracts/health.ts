// GET /api/health, for load balancers (browser-safe; the dashboard never calls it).
import { contract } from "./contract";

/**
 * 200 with everything up; 503 naming the dependency that is down, so the balancer takes
 * the instance out and an operator sees why. Only the console's own database counts: the
 * Merchant API being down is not this instance's fault, and every instance would fail alike.
 * 503 `draining` while the instance stops (it finishes the requests it holds, takes no more).
 */
export type HealthDto = { status: "ok"; database: "up" } | { status: "degraded"; database: "down" } | { status: "draining" };

export const healthContract = contract<HealthDto>()({ method: "GET", path: () => "/api/health" });
