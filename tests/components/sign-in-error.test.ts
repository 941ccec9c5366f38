import { describe, expect, it } from "vitest";
import { ApiFetchError } from "@/lib/api-fetch";
import { signInErrorMessage } from "@/features/auth/components/sign-in-error";

describe("signInErrorMessage", () => {
  it("is one generic message for any wrong credential", () => {
    const message = signInErrorMessage(new ApiFetchError(401, "invalid_credentials", "Unknown email"));
    expect(message).toBe("The email or password is incorrect.");
    expect(message).not.toMatch(/Unknown email/);
  });

  it("says how long to wait when throttled", () => {
    expect(signInErrorMessage(new ApiFetchError(429, "too_many_attempts", "x", undefined, undefined, 300))).toBe(
      "Too many sign-in attempts. Try again in 5 minutes.",
    );
    expect(signInErrorMessage(new ApiFetchError(429, "too_many_attempts", "x"))).toMatch(/a few minutes/);
  });

  it("does not blame the user for an outage", () => {
    expect(signInErrorMessage(new ApiFetchError(0, "network_error", "offline"))).toMatch(/unavailable/);
  });
});
