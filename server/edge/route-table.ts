import type { HttpMethod } from "./methods";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// The app's URL patterns, from the build's app-path-routes-manifest.json (entry → URL
// pattern, e.g. "/api/payins/[region]/route" → "/api/payins/[region]"), and Next's way of
// matching a path against them: static segments compared as sent (Next does not decode
// them), `[x]` one segment, `[...x]` one or more, `[[...x]]` zero or more; the most
// specific pattern wins, segment by segment.

type Segment = { kind: "static"; value: string } | { kind: "dynamic" } | { kind: "catchAll" } | { kind: "optionalCatchAll" };

export type Route = {
  pattern: string;
  segments: Segment[];
  /** Exported methods for a route handler; null for pages, or when they could not be read. */
  methods: readonly HttpMethod[] | null;
};

export type RouteManifest = Record<string, string>;

const RANK: Record<Segment["kind"], number> = { static: 0, dynamic: 1, catchAll: 2, optionalCatchAll: 3 };

function parseSegment(text: string): Segment {
  if (text.startsWith("[[...") && text.endsWith("]]")) return { kind: "optionalCatchAll" };
  if (text.startsWith("[...") && text.endsWith("]")) return { kind: "catchAll" };
  if (text.startsWith("[") && text.endsWith("]")) return { kind: "dynamic" };
  return { kind: "static", value: text };
}

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

/** @internal */
export function parsePattern(pattern: string, methods: readonly HttpMethod[] | null = null): Route {
  return { pattern, segments: splitPath(pattern).map(parseSegment), methods };
}

/** Route handlers (entries ending in /route) under `prefix`, each with its exported methods. */
export function handlerRoutes(
  manifest: RouteManifest,
  prefix: string,
  methodsOf: (entry: string) => readonly HttpMethod[] | null,
): Route[] {
  return Object.entries(manifest)
    .filter(([entry, pattern]) => entry.endsWith("/route") && (pattern === prefix || pattern.startsWith(`${prefix}/`)))
    .map(([entry, pattern]) => parsePattern(pattern, methodsOf(entry)));
}

/** Every URL pattern the build serves: pages and route handlers alike. */
export function allRoutes(manifest: RouteManifest): Route[] {
  return Object.values(manifest).map((pattern) => parsePattern(pattern));
}

function matches(segments: readonly Segment[], parts: readonly string[]): boolean {
  // By index, not by slicing: this runs for every route on every /api request.
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    switch (segment.kind) {
      case "static":
        if (parts[i] !== segment.value) return false;
        break;
      case "dynamic":
        if (i >= parts.length) return false;
        break;
      case "catchAll":
        // A catch-all is always the last segment of a Next route.
        return parts.length > i;
      case "optionalCatchAll":
        return true;
    }
  }
  return parts.length === segments.length;
}

function moreSpecific(a: Route, b: Route): boolean {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const segmentA = a.segments[i];
    const segmentB = b.segments[i];
    const rankA = segmentA ? RANK[segmentA.kind] : -1;
    const rankB = segmentB ? RANK[segmentB.kind] : -1;
    if (rankA !== rankB) return rankA < rankB;
  }
  return false;
}

/** The route Next would pick for a normalised path (no empty segments), or null. */
export function matchRoute(routes: readonly Route[], path: string): Route | null {
  const parts = splitPath(path);
  let best: Route | null = null;
  for (const route of routes) {
    if (matches(route.segments, parts) && (!best || moreSpecific(route, best))) best = route;
  }
  return best;
}
