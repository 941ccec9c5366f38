import { describe, expect, it } from "vitest";
import { safeReturnTo } from "@/lib/server/return-to";
import { landsOn, OPEN_REDIRECT_BYPASSES } from "../support/open-redirect-bypasses";

const ORIGIN = "https://console.example.com";

describe("safeReturnTo", () => {
  it.each([
    "//evil.com",
    "//evil.com/path",
    "https://evil.com",
    "http:/evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
    "/\t/evil.com",
    "/\n/evil.com",
    "evil.com",
    "",
    "/sign-in",
    "/api/session",
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe("/");
  });

  it("refuses non-strings", () => {
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo({ href: "/x" })).toBe("/");
  });

  it.each(["/", "/transactions?type=payin&offset=20", "/lookup#top", "/nigeria/payouts"])("keeps the same-origin path %j", (value) => {
    expect(safeReturnTo(value)).toBe(value);
  });

  it("has at least 30 known bypasses to try", () => {
    expect(OPEN_REDIRECT_BYPASSES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(OPEN_REDIRECT_BYPASSES)("keeps %j on our origin", (value) => {
    const target = safeReturnTo(value);
    expect(target.startsWith("/")).toBe(true);
    expect(target.startsWith("//")).toBe(false);
    expect(target.startsWith("/\\")).toBe(false);
    expect(landsOn(target, ORIGIN).origin).toBe(ORIGIN);
  });

  it.each(["/..//evil.example/phish", "/.//evil.example", "/a/..//evil.example", "/%2e%2e//evil.example"])(
    "sends %j home instead of to the path it resolves to",
    (value) => {
      expect(safeReturnTo(value)).toBe("/");
    },
  );

  it("returns a path that resolves to itself", () => {
    expect(safeReturnTo("/a/./b/../c?x=1#y")).toBe("/a/c?x=1#y");
  });
});
