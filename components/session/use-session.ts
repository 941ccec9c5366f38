"use client";

import { useQuery } from "@tanstack/react-query";
import { can, type Permission } from "@/lib/permissions";
import type { SessionDto } from "@/lib/contracts/session";
import { sessionQueryOptions } from "./session-queries";

/**
 * The signed-in session. Inside the dashboard layout it is always hydrated from the
 * server render, so `session` is defined on first paint.
 */
export function useSession(): SessionDto {
  const { data } = useQuery(sessionQueryOptions());
  if (!data) throw new Error("useSession() used outside the dashboard layout");
  return data;
}

export function useCan(permission: Permission): boolean {
  return can(useSession().user.role, permission);
}
