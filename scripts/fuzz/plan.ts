import { HTTP_METHODS } from "@/server/edge/methods";
import type { Route } from "@/server/edge/route-table";
import {
  BODIES,
  CONTENT_TYPES,
  csrfVariants,
  EXTRA_HEADERS,
  FIELDS,
  QUERIES,
  SEGMENTS,
  UNKNOWN_API_PATHS,
  UNKNOWN_METHODS,
  VALUES,
} from "./hostile";
import type { Rng } from "./rng";

// Which requests the fuzz sends: every /api route × every HTTP method in turn, each time with
// a fresh draw of segment values, query, body, CSRF headers, other headers and caller.

export type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer; label: string };

/** Who is calling: a role's real session, a forged or broken cookie, or nobody. */
export type Caller = { label: string; cookie?: string };

export type PlanInput = { rng: Rng; routes: readonly Route[]; callers: readonly Caller[]; origin: string; count: number };

function fillPattern(rng: Rng, route: Route): string {
  const parts = route.segments.map((segment) => {
    if (segment.kind === "static") return segment.value;
    const value = rng.pick(SEGMENTS);
    return segment.kind === "dynamic" ? value : `${value}/${rng.pick(SEGMENTS)}`;
  });
  return `/${parts.join("/")}`;
}

function randomObject(rng: Rng, depth = 0): string {
  const entries = Array.from({ length: 1 + rng.int(5) }, () => {
    const value = depth < 2 && rng.chance(0.15) ? randomObject(rng, depth + 1) : rng.pick(VALUES);
    return `${JSON.stringify(rng.pick(FIELDS))}:${value}`;
  });
  return `{${entries.join(",")}}`;
}

function body(rng: Rng): { body?: string | Buffer; contentType?: string } {
  const roll = rng.next();
  if (roll < 0.15) return {};
  const contentType = rng.pick(CONTENT_TYPES);
  if (roll < 0.45) return { body: rng.pick(BODIES), contentType };
  return { body: randomObject(rng), contentType };
}

function request(rng: Rng, input: PlanInput, method: string, path: string, label: string): FuzzRequest {
  const caller = rng.pick(input.callers);
  const headers: Record<string, string> = { ...rng.pick(csrfVariants(input.origin)), ...rng.pick(EXTRA_HEADERS) };
  if (caller.cookie) headers.Cookie = caller.cookie;
  const drawn = method === "GET" || method === "HEAD" ? (rng.chance(0.1) ? body(rng) : {}) : body(rng);
  if (drawn.contentType) headers["Content-Type"] = drawn.contentType;
  return { method, path: `${path}${rng.pick(QUERIES)}`, headers, body: drawn.body, label: `${label} as ${caller.label}` };
}

export function planRequests(input: PlanInput): FuzzRequest[] {
  const { rng, routes, count } = input;
  const pairs = routes.flatMap((route) => HTTP_METHODS.map((method) => ({ route, method })));
  // Most methods of a route are answered 405 before it runs: every other request goes to a
  // method the route exports, so the handlers themselves see most of the hostile input.
  const served = pairs.filter(({ route, method }) => route.methods?.includes(method));
  const requests: FuzzRequest[] = [];
  for (let i = 0; requests.length < count; i++) {
    // One in twenty-five is something no route serves: an unknown method or /api path.
    if (rng.chance(0.04)) {
      const route = rng.pick(routes);
      requests.push(
        rng.chance(0.5)
          ? request(rng, input, rng.pick(UNKNOWN_METHODS), fillPattern(rng, route), `unknown method on ${route.pattern}`)
          : request(rng, input, rng.pick(HTTP_METHODS), rng.pick(UNKNOWN_API_PATHS), "unknown /api path"),
      );
      continue;
    }
    const list = i % 2 === 0 || served.length === 0 ? pairs : served;
    const { route, method } = list[Math.floor(i / 2) % list.length]!;
    requests.push(request(rng, input, method, fillPattern(rng, route), `${method} ${route.pattern}`));
  }
  return requests;
}
