import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { exportedMethods } from "./route-exports";
import { NOT_FOUND_PAGE_PATH } from "./decide";
import { allRoutes, handlerRoutes, matchRoute, type Route, type RouteManifest } from "./route-table";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// The /api route table, read once at start-up: the routes from the build's own manifest (so
// they are exactly what this build serves), and each route's methods from its route.ts.

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", ".jsx"];

function readManifest(distDir: string): RouteManifest {
  const file = path.join(distDir, "app-path-routes-manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`next build\` before starting the server.`);
  return JSON.parse(readFileSync(file, "utf8")) as RouteManifest;
}

/** "/api/session/route" → app/api/session/route.ts (or src/app/…, any source extension). */
function routeSource(projectDir: string, entry: string): string | null {
  for (const appDir of ["app", path.join("src", "app")]) {
    for (const extension of SOURCE_EXTENSIONS) {
      const file = path.join(projectDir, appDir, `${entry}${extension}`);
      if (existsSync(file)) return readFileSync(file, "utf8");
    }
  }
  return null;
}

export type ApiRouteTable = { routes: Route[]; unreadable: string[] };

export function loadApiRoutes(projectDir: string, distDir: string): ApiRouteTable {
  const manifest = readManifest(distDir);
  // A page or route at this path would be served instead of the not-found page.
  const shadow = matchRoute(allRoutes(manifest), NOT_FOUND_PAGE_PATH);
  if (shadow) throw new Error(`The route ${shadow.pattern} matches ${NOT_FOUND_PAGE_PATH}, the server's not-found path.`);
  const routes = handlerRoutes(manifest, "/api", (entry) => {
    const source = routeSource(projectDir, entry);
    return source === null ? null : exportedMethods(source);
  });
  return { routes, unreadable: routes.filter((route) => route.methods === null).map((route) => route.pattern) };
}
