// GET /api/session and PUT /api/session/mode (browser-safe).
import type { Permission, Role } from "@/lib/permissions";
import type { Environment } from "@/lib/rails";
import { contract } from "./contract";

export type SessionDto = {
  user: { email: string; name: string; role: Role };
  mode: Environment;
  modes: Environment[];
  permissions: readonly Permission[];
};

export const sessionKeys = { all: ["session"] as const };

export const sessionContract = contract<SessionDto>()({ method: "GET", path: () => "/api/session" });

export const sessionModeContract = contract<{ mode: Environment }>()({
  method: "PUT",
  path: () => "/api/session/mode",
  input: () => import("./inputs/session").then((m) => m.sessionModeInputSchema),
});

/** When this session ends unless the person uses it (the idle warning, components/session/idle-warning.tsx). */
export type SessionIdleDto = { idleEndsAt: string };

export const sessionIdleContract = contract<SessionIdleDto>()({ method: "GET", path: () => "/api/session/idle" });
