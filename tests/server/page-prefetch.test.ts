// lib/server/page-prefetch.ts: a page's server reads land in its query state under their keys,
// with the BFF route's permission, and a failed read is left to the browser, never failing the page.
import { hydrate, QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PaymentsApiError } from "@/lib/payments";
import { nigeriaPageReads } from "@/lib/server/nigeria/page-reads";
import { type PageRead, prefetchedState } from "@/lib/server/page-prefetch";
import type { CurrentSession } from "@/lib/server/session";

// The log line reads the server's env: a stand-in logger records it instead.
const { warn, info } = vi.hoisted(() => ({ warn: vi.fn(), info: vi.fn() }));
vi.mock("@/lib/server/logger", () => ({ logger: { warn, info, error: vi.fn(), debug: vi.fn() } }));

const session = (role: CurrentSession["user"]["role"], mode: CurrentSession["mode"] = "live"): CurrentSession => ({
  id: "s1",
  user: { email: `${role}@demo.test`, name: role, role },
  mode,
  modes: ["test", "live"],
  secondFactorAt: null,
});

const read = (key: string, permission: PageRead["permission"], load: () => Promise<unknown>): PageRead => ({
  permission,
  queryKey: ["page", key],
  load,
  what: key,
});

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
    expect(warn).toHaveBeenCalledWith("broken: not read on the server", { code: "unexpected", error: "upstream down" });
  });

  // market_not_enabled and not_found say something about the merchant or the URL, and the page shows
  // them as a state; the others are the service failing or refusing the keys, for an operator.
  it.each([
    ["market_not_enabled", 403, info, warn],
    ["not_found", 404, info, warn],
    ["upstream", 500, warn, info],
    ["unauthorized", 401, warn, info],
  ] as const)("logs a read refused with %s (%i) at its level, and not at the other", async (code, status, logged, quiet) => {
    const error = new PaymentsApiError(`GET /v1/thing failed with ${status} ${code}`, { status, code, retryable: status >= 500 });
    const state = await prefetchedState(session("admin"), [read("thing", "nigeria:read", () => Promise.reject(error))]);
    expect(inBrowser(state).getQueryState(["page", "thing"])).toBeUndefined();
    expect(logged).toHaveBeenCalledWith("thing: not read on the server", { code, error: error.message });
    expect(quiet).not.toHaveBeenCalled();
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
