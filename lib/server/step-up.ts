import "server-only";
import { SECOND_FACTOR_PERMISSIONS, type Permission } from "@/lib/permissions";
import { ApiError } from "./api-error";
import type { CurrentSession } from "./session";

// Step-up: a write guarded by a permission that moves money or changes access
// (SECOND_FACTOR_PERMISSIONS) needs a second-factor check in this session within the last
// STEP_UP_WINDOW_MS. Otherwise 403 step_up_required (not 401, which would send the browser to
// sign-in), before the body is read or anything is sent upstream; the browser asks for a code
// (components/step-up) and sends the same request again, same body, same idempotency key.
// Every role holding such a permission must enrol before its session becomes active
// (lib/server/sign-in.ts), so a session without any check time is refused too.

export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** Whether a route's writes need a fresh second factor: a non-GET under one of those permissions. */
export function needsStepUp(permission: Permission | undefined, method: string): boolean {
  return permission !== undefined && method !== "GET" && SECOND_FACTOR_PERMISSIONS.includes(permission);
}

export function assertSteppedUp(session: Pick<CurrentSession, "secondFactorAt">, now = Date.now()): void {
  if (session.secondFactorAt === null || session.secondFactorAt.getTime() + STEP_UP_WINDOW_MS <= now)
    throw new ApiError("step_up_required");
}
