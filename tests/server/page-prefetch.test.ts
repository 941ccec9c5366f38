// lib/server/page-prefetch.ts: a page's server reads land in its query state under their keys,
// with the BFF route's permission, and a failed read is left to the browser, never failing the page.
import { hydrate, QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PaymentsApiError } from "@/lib/payments";
import { ApiError } from "@/lib/server/api-error";
import { nigeriaPageReads } from "@/features/nigeria/server/page-reads";
import { type PageRead, prefetchedState, prefetchPage } from "@/lib/server/page-prefetch";
import type { CurrentSession } from "@/lib/server/session";

// The log line reads the server's env: a stand-in logger records it instead.
const { warn, info } = vi.hoisted(() => ({ warn: vi.fn(), info: vi.fn() }));
vi.mock("@/lib/server/logger", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  logger: { warn, info, error: vi.fn(), debug: vi.fn() },
}));

const session = (role: CurrentSession["user"]["role"], mode: CurrentSession["mode"] = "live"): CurrentSession => ({
  id: "s1",
  user: { email: `${role}@demo.test`, name: role, role },
  mode,
  modes: ["test", "live"],
  secondFactorAt: null,
  endsAt: new Date("2030-01-01T08:30:00Z"),
});

const read = (key: string, permission: PageRead["permission"], load: () => Promise<unknown>): PageRead => ({
  permission,
  queryKey: ["page", key],
  load,
  what: key,
});

const refused = (code: PaymentsApiError["code"], status: number) =>
  new PaymentsApiError(`GET /v1/thing failed with ${status} ${code}`, { status, code, retryable: status >= 500 });

/** The state as the browser's HydrationBoundary would put it in its cache. */
function inBrowser(state: Awaited<ReturnType<typeof prefetchedState>>): QueryClient {
  const client = new QueryClient();
  hydrate(client, state);
  return client;
}

describe("prefetchedState", () => {
  beforeEach(() => {
    warn.mockClear();
    info.mockClear();
  });

  it("puts each read's answer under its key", async () => {
    const client = inBrowser(
      await prefetchedState(session("finance"), [
        read("a", "transactions:read", () => Promise.resolve({ rows: 1 })),
        read("b", "transactions:read", () => Promise.resolve("two")),
      ]),
    );
    expect(client.getQueryData(["page", "a"])).toEqual({ rows: 1 });
    expect(client.getQueryData(["page", "b"])).toBe("two");
  });

  it("reads nothing the session's role could not ask the BFF for", async () => {
    let asked = false;
    const state = await prefetchedState(session("support"), [
      read("balances", "balances:read", () => {
        asked = true;
        return Promise.resolve({});
      }),
    ]);
    expect(asked).toBe(false);
    expect(inBrowser(state).getQueryData(["page", "balances"])).toBeUndefined();
  });

  it("reads for every role what a route open to every signed-in session answers (no permission named)", async () => {
    for (const role of ["admin", "finance", "support", "viewer"] as const) {
      const state = await prefetchedState(session(role), [
        { queryKey: ["page", "me"], load: () => Promise.resolve({ name: "Acme" }), what: "me" },
      ]);
      expect(inBrowser(state).getQueryData(["page", "me"]), role).toEqual({ name: "Acme" });
    }
  });

  it("puts nothing in the page for a read that answers undefined (not there in time), and logs nothing", async () => {
    const state = await prefetchedState(session("viewer"), [read("late", "balances:read", () => Promise.resolve(undefined))]);
    expect(inBrowser(state).getQueryState(["page", "late"])).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it("leaves a failed read to the browser and keeps the others", async () => {
    const client = inBrowser(
      await prefetchedState(session("admin"), [
        read("broken", "transactions:read", () => Promise.reject(new Error("upstream down"))),
        read("fine", "transactions:read", () => Promise.resolve("ok")),
      ]),
    );
    expect(client.getQueryData(["page", "broken"])).toBeUndefined();
    expect(client.getQueryState(["page", "broken"])).toBeUndefined();
    expect(client.getQueryData(["page", "fine"])).toBe("ok");
    expect(warn).toHaveBeenCalledWith("broken: not read on the server", { code: "unexpected", error: "Error" });
  });

  // market_not_enabled and not_found say something about the merchant or the URL, and the page shows
  // them as a state; the others are the service failing or refusing the keys, for an operator.
  it.each([
    ["market_not_enabled", 403, info, warn],
    ["not_found", 404, info, warn],
    ["upstream", 500, warn, info],
    ["unauthorized", 401, warn, info],
  ] as const)("logs a read refused with %s (%i) at its level, and not at the other", async (code, status, logged, quiet) => {
    const state = await prefetchedState(session("admin"), [read("thing", "nigeria:read", () => Promise.reject(refused(code, status)))]);
    expect(inBrowser(state).getQueryState(["page", "thing"])).toBeUndefined();
    // The code and the error's kind, never its message: that names the upstream path and its ids.
    expect(logged).toHaveBeenCalledWith("thing: not read on the server", { code, error: "PaymentsApiError" });
    expect(JSON.stringify(logged.mock.calls)).not.toContain("/v1/thing");
    expect(quiet).not.toHaveBeenCalled();
  });

  // A page that shows the refusal itself (a Nigeria page in a market the merchant does not have)
  // renders it in its first HTML instead of a screen whose browser read would meet it again.
  it.each([
    ["market_not_enabled", 403, ["market_not_enabled"]],
    ["not_found", 404, ["not_found"]],
    ["upstream", 500, []],
    ["unauthorized", 401, []],
    ["rate_limited", 429, []],
  ] as const)("reports a read refused with %s (%i) to the page only when it is a state", async (code, status, expected) => {
    const page = await prefetchPage(session("admin"), [
      read("thing", "nigeria:read", () => Promise.reject(refused(code, status))),
      read("fine", "nigeria:read", () => Promise.resolve("ok")),
    ]);
    expect([...page.refusals]).toEqual(expected);
    expect(inBrowser(page.state).getQueryData(["page", "fine"])).toBe("ok");
  });

  it("logs the BFF's own refusal of a request (an id it would not send upstream) as information", async () => {
    const page = await prefetchPage(session("admin"), [
      read("payout", "nigeria:read", () => Promise.reject(new ApiError("validation", "A transaction id is required."))),
    ]);
    expect(info).toHaveBeenCalledWith("payout: not read on the server", { code: "validation", error: "ApiError" });
    expect(warn).not.toHaveBeenCalled();
    expect(page.refusals.size).toBe(0);
  });

  it("reports the BFF's own not_found as the page's state too (a Brazil page given a Bangladesh pay-in's id)", async () => {
    const page = await prefetchPage(session("admin"), [read("payin", "balances:read", () => Promise.reject(new ApiError("not_found")))]);
    expect([...page.refusals]).toEqual(["not_found"]);
    expect(info).toHaveBeenCalledWith("payin: not read on the server", { code: "not_found", error: "ApiError" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns when the BFF's own error is a failure, not a refusal", async () => {
    await prefetchPage(session("admin"), [read("pocket", "balances:read", () => Promise.reject(new ApiError("database_unavailable")))]);
    expect(warn).toHaveBeenCalledWith("pocket: not read on the server", { code: "database_unavailable", error: expect.any(String) });
  });

  it("reports no refusal for reads that succeed or fail outside the API", async () => {
    const page = await prefetchPage(session("admin"), [
      read("fine", "nigeria:read", () => Promise.resolve("ok")),
      read("broken", "nigeria:read", () => Promise.reject(new Error("socket hang up"))),
    ]);
    expect(page.refusals.size).toBe(0);
  });
});

describe("nigeriaPageReads", () => {
  const reads = [read("ngn", "nigeria:read", () => Promise.resolve(1))];
  it("keeps a live session's reads", () => {
    expect(nigeriaPageReads(session("finance", "live"), reads)).toBe(reads);
  });
  it("reads nothing in test mode, where every Nigeria page says live only (§1 rule 10)", () => {
    expect(nigeriaPageReads(session("finance", "test"), reads)).toEqual([]);
  });
});
