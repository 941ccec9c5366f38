import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOT_FOUND_PAGE_PATH } from "@/server/edge/decide";
import { loadApiRoutes } from "@/server/edge/load-routes";
import { allowedMethods, HTTP_METHODS } from "@/server/edge/methods";
import { exportedMethods } from "@/server/edge/route-exports";
import { allRoutes, handlerRoutes, matchRoute, parsePattern } from "@/server/edge/route-table";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("exportedMethods", () => {
  it("reads the export forms of a route.ts", () => {
    const source = [
      "export const GET = withSession(async () => ({}));",
      "export async function POST(request: Request) {}",
      "  export function PUT() {}",
      "const remove = () => new Response();",
      "export { remove as DELETE, helper };",
      'export { options as OPTIONS } from "./options";',
      "export const dynamic = 'force-dynamic';",
      "export type { Body as PATCH };",
      "export { type Shape as HEAD };",
    ].join("\n");
    expect(exportedMethods(source)).toEqual(["GET", "POST", "PUT", "DELETE", "OPTIONS"]);
  });

  it("finds none in a file that exports no handler, and gives up on export *", () => {
    expect(exportedMethods("export const runtime = 'nodejs';\nconst GET = 1;")).toEqual([]);
    expect(exportedMethods('export * from "./handlers";\nexport const GET = x;')).toBeNull();
  });

  // The reading above must agree with what the route modules really export, for every route,
  // or server.ts would answer 405 to a method Next serves (or pass one Next answers empty).
  const routeFiles = readdirSync(path.join(ROOT, "app/api"), { recursive: true, encoding: "utf8" }).filter((file) =>
    /(^|\/)route\.tsx?$/.test(file),
  );

  it("covers the app's routes", () => {
    expect(routeFiles.length).toBeGreaterThan(20);
  });

  it.each(routeFiles)("agrees with the module's real exports: app/api/%s", async (file) => {
    const full = path.join(ROOT, "app/api", file);
    const exports = (await import(full)) as Record<string, unknown>;
    const real = HTTP_METHODS.filter((method) => typeof exports[method] === "function");
    expect(real.length).toBeGreaterThan(0);
    expect(exportedMethods(readFileSync(full, "utf8"))).toEqual(real);
  });
});

describe("route table", () => {
  const manifest = {
    "/(dashboard)/payins/[region]/page": "/payins/[region]",
    "/icon.svg/route": "/icon.svg",
    "/api/docs/[[...slug]]/route": "/api/docs/[[...slug]]",
    "/api/files/[...path]/route": "/api/files/[...path]",
    "/api/files/[id]/route": "/api/files/[id]",
    "/api/files/latest/route": "/api/files/latest",
    "/apiary/route": "/apiary",
  };

  it("takes only route handlers under the prefix, asking for each entry's methods", () => {
    const asked: string[] = [];
    const routes = handlerRoutes(manifest, "/api", (entry) => (asked.push(entry), ["GET"]));
    expect(routes.map((route) => route.pattern)).toEqual([
      "/api/docs/[[...slug]]",
      "/api/files/[...path]",
      "/api/files/[id]",
      "/api/files/latest",
    ]);
    expect(asked).toEqual([
      "/api/docs/[[...slug]]/route",
      "/api/files/[...path]/route",
      "/api/files/[id]/route",
      "/api/files/latest/route",
    ]);
  });

  it("matches like Next: one segment per [x], static before dynamic before catch-all", () => {
    const routes = handlerRoutes(manifest, "/api", () => ["GET"]);
    const match = (path: string) => matchRoute(routes, path)?.pattern ?? null;
    expect(match("/api/files/latest")).toBe("/api/files/latest");
    expect(match("/api/files/f_1")).toBe("/api/files/[id]");
    expect(match("/api/files/a/b/c")).toBe("/api/files/[...path]");
    expect(match("/api/files/latest/more")).toBe("/api/files/[...path]");
    expect(match("/api/files")).toBeNull();
    expect(match("/api/docs")).toBe("/api/docs/[[...slug]]");
    expect(match("/api/docs/a/b")).toBe("/api/docs/[[...slug]]");
    expect(match("/api/other")).toBeNull();
  });

  it("knows every pattern of the build, pages included", () => {
    expect(matchRoute(allRoutes(manifest), "/payins/india")?.pattern).toBe("/payins/[region]");
    expect(matchRoute([parsePattern("/[slug]")], "/anything")?.pattern).toBe("/[slug]");
  });

  it("allows what Next serves: the exports, HEAD with GET, and always OPTIONS", () => {
    expect(allowedMethods(["POST", "GET"])).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(allowedMethods(["DELETE"])).toEqual(["DELETE", "OPTIONS"]);
    expect(allowedMethods([])).toEqual(["OPTIONS"]);
  });
});

describe("loadApiRoutes", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function project(manifest: Record<string, string>, files: Record<string, string>): string {
    dir = mkdtempSync(path.join(tmpdir(), "edge-routes-"));
    mkdirSync(path.join(dir, ".next"));
    writeFileSync(path.join(dir, ".next/app-path-routes-manifest.json"), JSON.stringify(manifest));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it("reads the routes from the build's manifest and the methods from each route's source", () => {
    const root = project(
      { "/api/a/route": "/api/a", "/api/b/[id]/route": "/api/b/[id]", "/api/gone/route": "/api/gone", "/(group)/page": "/" },
      {
        "app/api/a/route.ts": "export const GET = h;\nexport const POST = h;",
        "app/api/b/[id]/route.ts": "export async function DELETE() {}",
      },
    );
    const table = loadApiRoutes(root, path.join(root, ".next"));
    expect(table.routes.map(({ pattern, methods }) => [pattern, methods])).toEqual([
      ["/api/a", ["GET", "POST"]],
      ["/api/b/[id]", ["DELETE"]],
      ["/api/gone", null],
    ]);
    // Unreadable methods are reported, so start-up can say which routes Next answers alone.
    expect(table.unreadable).toEqual(["/api/gone"]);
  });

  it("finds sources under src/app too", () => {
    const root = project({ "/api/a/route": "/api/a" }, { "src/app/api/a/route.js": "export function PATCH() {}" });
    expect(loadApiRoutes(root, path.join(root, ".next")).routes[0]?.methods).toEqual(["PATCH"]);
  });

  it("refuses to start without a build", () => {
    dir = mkdtempSync(path.join(tmpdir(), "edge-routes-"));
    expect(() => loadApiRoutes(dir!, path.join(dir!, ".next"))).toThrow(/run `next build`/);
  });

  it("refuses a build where a route would shadow the not-found path", () => {
    const root = project({ "/[section]/[page]/page": "/[section]/[page]" }, {});
    expect(() => loadApiRoutes(root, path.join(root, ".next"))).toThrow(NOT_FOUND_PAGE_PATH);
  });
});
