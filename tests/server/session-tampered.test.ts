import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieJar } from "./support/cookie-jar";
import { call, signInWithFactor, stubDashboardEnv } from "./support/bff-harness";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { GET: session } = await import("@/app/api/session/route");

beforeAll(async () => {
  await stubDashboardEnv("http://127.0.0.1:9");
});

beforeEach(() => cookieJar.clear());

/** Every single-character change of the sealed cookie, at a spread of positions. */
function tamperings(sealed: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < sealed.length; i += Math.max(1, Math.floor(sealed.length / 40))) {
    const swap = sealed[i] === "a" ? "b" : "a";
    out.add(sealed.slice(0, i) + swap + sealed.slice(i + 1));
  }
  out.add(sealed.slice(0, -1));
  // (Appending after the "~2" version suffix is still the same seal: iron-session reads the version leniently.)
  out.add("Fe26.2**garbage");
  out.add("~2");
  return [...out];
}

describe("a tampered session cookie", () => {
  it("is no session (401), never a 500", async () => {
    await signInWithFactor("admin@demo.test");
    expect((await call(session, "GET", "/api/session")).status).toBe(200);
    const [cookie] = cookieJar.getAll();
    expect(cookie).toBeDefined();
    const variants = tamperings(cookie!.value);
    expect(variants.length).toBeGreaterThan(30);
    for (const value of variants) {
      cookieJar.clear();
      cookieJar.set(cookie!.name, value);
      const answer = await call(session, "GET", "/api/session");
      expect(answer.status, value).toBe(401);
      expect(answer.json.error.code).toBe("unauthenticated");
    }
  });
});
