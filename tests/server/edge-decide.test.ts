import { describe, expect, it } from "vitest";
import { decide, normalisePath, NOT_FOUND_PAGE_PATH } from "@/server/edge/decide";
import { HTTP_METHODS, type HttpMethod } from "@/server/edge/methods";
import { handlerRoutes } from "@/server/edge/route-table";

// A slice of the build's app-path-routes-manifest.json, in its own shape (pages, a route
// group, a non-API route handler), with the methods our route.ts files export.
const MANIFEST = {
  "/(dashboard)/transactions/[id]/page": "/transactions/[id]",
  "/(dashboard)/page": "/",
  "/_not-found/page": "/_not-found",
  "/icon.svg/route": "/icon.svg",
  "/api/health/route": "/api/health",
  "/api/session/route": "/api/session",
  "/api/session/mode/route": "/api/session/mode",
  "/api/auth/sign-in/route": "/api/auth/sign-in",
  "/api/transactions/route": "/api/transactions",
  "/api/transactions/[id]/route": "/api/transactions/[id]",
  "/api/payins/[region]/route": "/api/payins/[region]",
  "/api/payins/[region]/[id]/route": "/api/payins/[region]/[id]",
  "/api/payins/[region]/[id]/utr/route": "/api/payins/[region]/[id]/utr",
  "/api/payouts/[region]/route": "/api/payouts/[region]",
  "/api/payouts/awaiting-approval/route": "/api/payouts/awaiting-approval",
  "/api/unreadable/route": "/api/unreadable",
};
const EXPORTS: Record<string, HttpMethod[] | null> = {
  "/api/health/route": ["GET"],
  "/api/session/route": ["GET"],
  "/api/session/mode/route": ["PUT"],
  "/api/auth/sign-in/route": ["POST"],
  "/api/transactions/route": ["GET"],
  "/api/transactions/[id]/route": ["GET"],
  "/api/payins/[region]/route": ["GET", "POST"],
  "/api/payins/[region]/[id]/route": ["GET"],
  "/api/payins/[region]/[id]/utr/route": ["POST"],
  "/api/payouts/[region]/route": ["GET", "POST"],
  "/api/payouts/awaiting-approval/route": ["GET"],
  "/api/unreadable/route": null,
};
const ROUTES = handlerRoutes(MANIFEST, "/api", (entry) => EXPORTS[entry] ?? null);

const run = (method: string, url: string) => decide(method, url, ROUTES);
const answered = (method: string, url: string) => {
  const decision = run(method, url);
  if (decision.kind !== "answer") throw new Error(`${method} ${url} was not answered: ${decision.kind}`);
  return decision.answer;
};

describe("malformed percent-encoding (Next answered 500)", () => {
  it.each(["/api/transactions/%", "/api/payins/india/%ff%fe", "/api/%zz", "/api/transactions/%E0%A4%A", "/api/nope/%"])(
    "%s under /api is a 400 validation answer",
    (url) => {
      expect(answered("GET", url)).toMatchObject({ status: 400, code: "validation", message: "The request URL is malformed." });
    },
  );

  it.each(["/transactions/%ff", "/%", "/payins/%c0%af", "/_next/static/%ff.js"])("%s outside /api is served the not-found page", (url) => {
    expect(run("GET", url)).toEqual({ kind: "not-found-page" });
  });

  it("is judged on the path only: a malformed query goes to Next, which copes", () => {
    expect(run("GET", "/api/transactions?q=%")).toEqual({ kind: "pass" });
    expect(run("GET", "/transactions?q=%ff")).toEqual({ kind: "pass" });
  });

  it("lets well-formed escapes through, an escaped slash in a dynamic segment included", () => {
    expect(run("GET", "/api/transactions/abc%2Fdef")).toEqual({ kind: "pass" });
    expect(run("GET", "/transactions/caf%C3%A9")).toEqual({ kind: "pass" });
  });

  it("comes before the method check, so a malformed path never reaches a 405", () => {
    expect(answered("POST", "/api/transactions/%").code).toBe("validation");
  });
});

describe("methods", () => {
  it.each(["TRACE", "PROPFIND", "CONNECT", "MKCOL", "get", "PURGE"])(
    "%s is a 405 anywhere, with the methods we serve in Allow",
    (method) => {
      for (const url of ["/", "/api/health", "/api/nope", "/transactions/%ff"]) {
        expect(answered(method, url)).toMatchObject({ status: 405, code: "method_not_allowed", allow: HTTP_METHODS });
      }
    },
  );

  it("answers a method a route does not export with 405 and that route's Allow (Next sent an empty 405)", () => {
    expect(answered("DELETE", "/api/session")).toMatchObject({
      status: 405,
      code: "method_not_allowed",
      allow: ["GET", "HEAD", "OPTIONS"],
    });
    expect(answered("GET", "/api/auth/sign-in").allow).toEqual(["POST", "OPTIONS"]);
    expect(answered("PATCH", "/api/payins/india").allow).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
  });

  it("allows HEAD only where GET is exported, as Next does", () => {
    expect(run("HEAD", "/api/session")).toEqual({ kind: "pass" });
    expect(answered("HEAD", "/api/session/mode").allow).toEqual(["PUT", "OPTIONS"]);
  });

  it("leaves OPTIONS to Next on every known route (it answers 204 with its own Allow)", () => {
    for (const url of ["/api/session", "/api/session/mode", "/api/payins/india/x/utr"])
      expect(run("OPTIONS", url)).toEqual({ kind: "pass" });
  });

  it("passes the exported methods", () => {
    expect(run("GET", "/api/session")).toEqual({ kind: "pass" });
    expect(run("PUT", "/api/session/mode")).toEqual({ kind: "pass" });
    expect(run("POST", "/api/payins/india/pay_1/utr")).toEqual({ kind: "pass" });
  });

  it("uses the route Next picks: a static segment before a dynamic one", () => {
    expect(answered("POST", "/api/payouts/awaiting-approval").allow).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(run("POST", "/api/payouts/europe")).toEqual({ kind: "pass" });
  });

  it("leaves every standard method to Next on a route whose methods could not be read", () => {
    for (const method of HTTP_METHODS) expect(run(method, "/api/unreadable")).toEqual({ kind: "pass" });
  });
});

describe("unknown /api paths (Next served its HTML 404 page)", () => {
  it.each(["/api/nope", "/api", "/api/", "/api/transactions/a/b", "/api/payins", "/api/transaction%73", "/api/session/mode/extra"])(
    "%s is a JSON 404 not_found",
    (url) => {
      expect(answered("GET", url)).toMatchObject({ status: 404, code: "not_found", message: "Not found." });
    },
  );

  it("checks the path before the method, so an unknown path is a 404 whatever the method", () => {
    expect(answered("DELETE", "/api/nope").status).toBe(404);
  });

  it("leaves paths outside /api to Next, a different case included (Next's routes are case-sensitive)", () => {
    expect(run("GET", "/no-such-page")).toEqual({ kind: "pass" });
    expect(run("GET", "/API/health")).toEqual({ kind: "pass" });
    expect(run("GET", "/apix")).toEqual({ kind: "pass" });
  });
});

describe("paths as Next routes them", () => {
  it("resolves dot segments (also escaped), backslashes, repeated and trailing slashes", () => {
    expect(normalisePath("/api/../api/health")).toBe("/api/health");
    expect(normalisePath("/api/%2e%2e/transactions")).toBe("/transactions");
    expect(normalisePath("/api\\nope")).toBe("/api/nope");
    expect(normalisePath("//api///health/")).toBe("/api/health");
    expect(normalisePath("/")).toBe("/");
    // Escapes stay as sent, valid or not: Next matches static segments undecoded.
    expect(normalisePath("/api/transaction%73/%ff")).toBe("/api/transaction%73/%ff");
  });

  it("decides on the resolved path (Next redirects or serves that path)", () => {
    expect(run("GET", "//api/health")).toEqual({ kind: "pass" });
    expect(run("GET", "/api/health/")).toEqual({ kind: "pass" });
    expect(answered("GET", "/api//nope").status).toBe(404);
    expect(answered("GET", "/x/../api/nope").status).toBe(404);
    expect(answered("GET", "/api\\nope").status).toBe(404);
    expect(answered("DELETE", "/api/./session").status).toBe(405);
    expect(run("GET", "/api/%2e%2e/nope")).toEqual({ kind: "pass" }); // that is /nope, a page path
  });
});

describe("request targets that are not a path", () => {
  it.each(["*", "http://evil.example/api/health", "api/health", ""])("%j is a 400 (Next redirected an absolute URL to its host)", (url) => {
    expect(answered("GET", url)).toMatchObject({ status: 400, code: "validation", message: "The request target must be a path." });
  });
});

describe("without a route table (next dev)", () => {
  it("still answers malformed URLs and unknown methods, and leaves /api paths and methods to Next", () => {
    expect(decide("GET", "/api/transactions/%", null)).toMatchObject({ kind: "answer", answer: { status: 400 } });
    expect(decide("TRACE", "/", null)).toMatchObject({ kind: "answer", answer: { status: 405 } });
    expect(decide("GET", "/transactions/%ff", null)).toEqual({ kind: "not-found-page" });
    expect(decide("GET", "/api/nope", null)).toEqual({ kind: "pass" });
    expect(decide("DELETE", "/api/session", null)).toEqual({ kind: "pass" });
  });
});

it("serves the not-found page from a path outside /api that the manifest's routes do not match", () => {
  expect(run("GET", NOT_FOUND_PAGE_PATH)).toEqual({ kind: "pass" });
  expect(NOT_FOUND_PAGE_PATH.startsWith("/api")).toBe(false);
});
