// lib/server/merchant.ts: the merchant the header names, one read per environment shared for a few
// minutes by every page's first HTML and GET /api/me; a failed read is never kept.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MerchantDto } from "@/lib/contracts/me";
import type { PaymentsClient } from "@/lib/payments";
import type { Environment } from "@/lib/rails";
import {
  AFTER_FAILURE_MS,
  createMerchantIdentity,
  MERCHANT_FRESH_MS,
  merchantForPage,
  PAGE_WAIT_MS,
  readMerchant,
} from "@/lib/server/merchant";

const merchant = (mode: Environment, name = "Simulated Merchant Ltd"): MerchantDto => ({ merchantId: "mer_1", name, environment: mode });

function clock() {
  let at = 1_000_000;
  return { now: () => at, pass: (ms: number) => void (at += ms) };
}

describe("createMerchantIdentity", () => {
  it("reads once for every caller while the copy is fresh, the first callers sharing the read in flight", async () => {
    const read = vi.fn((mode: Environment) => Promise.resolve(merchant(mode)));
    const time = clock();
    const identity = createMerchantIdentity(read, time.now);
    const [a, b] = await Promise.all([identity("live"), identity("live")]);
    time.pass(MERCHANT_FRESH_MS - 1);
    expect(await identity("live")).toEqual(merchant("live"));
    expect(a).toEqual(b);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("reads again once the copy is MERCHANT_FRESH_MS old, and each environment on its own", async () => {
    const names = ["Old name", "New name"];
    const read = vi.fn((mode: Environment) => Promise.resolve(merchant(mode, mode === "test" ? "Test merchant" : names.shift())));
    const time = clock();
    const identity = createMerchantIdentity(read, time.now);
    expect((await identity("live")).name).toBe("Old name");
    expect((await identity("test")).name).toBe("Test merchant");
    time.pass(MERCHANT_FRESH_MS);
    expect((await identity("live")).name).toBe("New name");
    expect(read.mock.calls.map(([mode]) => mode)).toEqual(["live", "test", "live"]);
  });

  it("keeps no failed read: the next caller asks again", async () => {
    const read = vi.fn<(mode: Environment) => Promise<MerchantDto>>();
    read.mockRejectedValueOnce(new Error("upstream down")).mockResolvedValueOnce(merchant("live"));
    const identity = createMerchantIdentity(read, clock().now);
    await expect(identity("live")).rejects.toThrow("upstream down");
    expect(await identity("live")).toEqual(merchant("live"));
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe("readMerchant", () => {
  const client = (me: Awaited<ReturnType<PaymentsClient["me"]>>) => ({ me: () => Promise.resolve(me) }) as unknown as PaymentsClient;

  it("keeps only what the header shows: no scopes, key prefix or webhook", async () => {
    const me = {
      merchantId: "mer_1",
      name: "Acme",
      environment: "live" as const,
      scopes: ["payouts:write"],
      apiKeyPrefix: "mrp_live_",
      webhookUrl: "https://x",
    };
    expect(await readMerchant(client(me), "live")).toEqual({ merchantId: "mer_1", name: "Acme", environment: "live" });
  });

  it("names the merchant by its id, and the environment by the session's mode, when the API leaves them out", async () => {
    expect(await readMerchant(client({ merchantId: "mer_2" }), "test")).toEqual({
      merchantId: "mer_2",
      name: "mer_2",
      environment: "test",
    });
  });
});

describe("merchantForPage", () => {
  afterEach(() => void vi.useRealTimers());

  const never = () => new Promise<MerchantDto>(() => undefined);

  it("gives a page the identity that is there within PAGE_WAIT_MS", async () => {
    expect(
      await merchantForPage(
        "live",
        createMerchantIdentity((mode) => Promise.resolve(merchant(mode))),
      ),
    ).toEqual(merchant("live"));
  });

  it("gives nothing when the API has not answered by then, so the page renders at once and the browser reads it", async () => {
    vi.useFakeTimers();
    const page = merchantForPage("live", createMerchantIdentity(never));
    await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS);
    expect(await page).toBeUndefined();
  });

  it("passes on a refusal that comes in time, for the page's log", async () => {
    const identity = createMerchantIdentity(() => Promise.reject(new Error("upstream down")));
    await expect(merchantForPage("live", identity)).rejects.toThrow("upstream down");
  });

  it("does not wait again for a read an earlier page already waited its fill for (the API slow or down): one page pays, not every page", async () => {
    vi.useFakeTimers();
    const read = vi.fn(never);
    const identity = createMerchantIdentity(read);
    const first = merchantForPage("live", identity);
    await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS);
    expect(await first).toBeUndefined();
    // The next page, with no time passing: no wait at all, and the read in flight is joined, not repeated.
    const started = Date.now();
    expect(await merchantForPage("live", identity)).toBeUndefined();
    expect(Date.now() - started).toBe(0);
    expect(read).toHaveBeenCalledTimes(1);
    // The other environment's read is its own.
    expect(identity.worthWaiting("test", PAGE_WAIT_MS)).toBe(true);
  });

  it("does not wait within AFTER_FAILURE_MS of a failed read, still reads again, and waits again once a read succeeds", async () => {
    vi.useFakeTimers();
    let fail = true;
    const read = vi.fn((mode: Environment) => (fail ? Promise.reject(new Error("upstream down")) : Promise.resolve(merchant(mode))));
    const identity = createMerchantIdentity(read);
    await expect(merchantForPage("live", identity)).rejects.toThrow("upstream down");
    expect(identity.worthWaiting("live", PAGE_WAIT_MS)).toBe(false);

    // A moment later the API is back: this page does not wait for the read it starts, yet the read fills the copy.
    fail = false;
    const page = merchantForPage("live", identity);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(await page).toEqual(merchant("live"));
    expect(identity.worthWaiting("live", PAGE_WAIT_MS)).toBe(true);

    // And a failure long enough ago no longer counts.
    const later = createMerchantIdentity(() => Promise.reject(new Error("upstream down")));
    await expect(later("live")).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(AFTER_FAILURE_MS);
    expect(later.worthWaiting("live", PAGE_WAIT_MS)).toBe(true);
  });
});
