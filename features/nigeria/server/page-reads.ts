import "server-only";
import type { PageRead } from "@/lib/server/page-prefetch";
import type { CurrentSession } from "@/lib/server/session";

/**
 * The reads a Nigeria page makes on the server (prefetchedState): none in test mode, where every
 * Nigeria page says "live only" without reading anything (§1 rule 10), so the server reads nothing either.
 */
export function nigeriaPageReads(session: CurrentSession, reads: readonly PageRead[]): readonly PageRead[] {
  return session.mode === "live" ? reads : [];
}
