// GET /api/health, for load balancers (browser-safe; the dashboard never calls it).
import { contract } from "./contract";

export type HealthDto = { status: "ok" };

export const healthContract = contract<HealthDto>()({ method: "GET", path: () => "/api/health" });
