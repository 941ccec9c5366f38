import { describe, expect, it } from "vitest";
import { safeReturnTo } from "@/lib/server/return-to";

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
});
