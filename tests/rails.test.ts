// lib/rails.ts: the guard every value from outside (a URL, a database column) goes through before
// it is used as an environment.
import { describe, expect, it } from "vitest";
import { isEnvironment } from "@/lib/rails";

describe("isEnvironment", () => {
  it("takes the two environments the console has, exactly as written", () => {
    expect(isEnvironment("test")).toBe(true);
    expect(isEnvironment("live")).toBe(true);
    for (const other of ["LIVE", " live", "staging", "", null, undefined, 1, {}, "live".repeat(2_500)])
      expect(isEnvironment(other)).toBe(false);
  });
});
