import { ANSWERS, type EdgeAnswer } from "./answer";
import { allowedMethods, isHttpMethod } from "./methods";
import { matchRoute, type Route } from "./route-table";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// What the server does with a request before Next sees it. Next fails on some requests
// before proxy.ts or any route runs (a malformed percent-escape or an unsupported method is
// a bare 500 with a stack in the log), and answers others outside the BFF's error shape
// (HTML 404 for an unknown /api path, an empty 405); those are answered here instead.

export type EdgeDecision =
  | { kind: "pass" }
  /** A page path Next cannot decode: serve the app's not-found page in its place. */
  | { kind: "not-found-page" }
  | { kind: "answer"; answer: EdgeAnswer };

/**
 * Where the not-found page is rendered from: a path no route matches (server.ts checks that
 * against the manifest at start-up), so Next renders app/not-found.tsx with status 404.
 */
export const NOT_FOUND_PAGE_PATH = "/_edge/not-found";

const PASS: EdgeDecision = { kind: "pass" };
const answer = (edge: EdgeAnswer): EdgeDecision => ({ kind: "answer", answer: edge });

/**
 * The path as Next will route it: the WHATWG URL parser resolves dot segments (also
 * %2e) and turns backslashes into slashes, and Next then redirects away repeated and
 * trailing slashes. Percent-escapes, valid or not, are left as sent.
 */
export function normalisePath(rawPath: string): string | null {
  let resolved: string;
  try {
    resolved = new URL(`http://edge.invalid${rawPath}`).pathname;
  } catch {
    return null;
  }
  const collapsed = resolved.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * `apiRoutes` is null when the route table is unknown (next dev builds routes lazily):
 * then paths and methods of /api are left to Next.
 */
export function decide(method: string, rawUrl: string, apiRoutes: readonly Route[] | null): EdgeDecision {
  if (!isHttpMethod(method)) return answer(ANSWERS.unknownMethod);
  // Origin-form only: Next would turn an absolute-form target into a redirect to its host.
  if (!rawUrl.startsWith("/")) return answer(ANSWERS.notAPath);
  const path = normalisePath(rawUrl.split(/[?#]/, 1)[0] ?? "");
  if (path === null) return answer(ANSWERS.malformedUrl);
  const api = isApiPath(path);
  if (!decodable(path)) return api ? answer(ANSWERS.malformedUrl) : { kind: "not-found-page" };
  if (!api || !apiRoutes) return PASS;
  const route = matchRoute(apiRoutes, path);
  if (!route) return answer(ANSWERS.notFound);
  if (!route.methods) return PASS;
  const allowed = allowedMethods(route.methods);
  return allowed.includes(method) ? PASS : answer(ANSWERS.methodNotAllowed(allowed));
}
