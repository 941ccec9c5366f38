// The webhook URL's change history (webhook_changes): a change the API accepted is kept
// with who made it and the URL it replaced; a refused one leaves nothing.
import { describe, expect, it, vi } from "vitest";
import { call, signInWithFactor } from "./support/bff-harness";
import { control } from "./support/simulator";
import { simulatorDashboard } from "./support/simulator-dashboard";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { GET: settings } = await import("@/app/api/settings/route");
const { PATCH: changeWebhook } = await import("@/app/api/settings/webhook/route");

const setting = simulatorDashboard();

const signInAsAdmin = () => signInWithFactor("admin@demo.test");

const change = (url: string, confirmHost = new URL(url).host) =>
  call(changeWebhook, "PATCH", "/api/settings/webhook", { body: { url, confirmHost } });
const history = async () => (await call(settings, "GET", "/api/settings")).json.webhookHistory as Record<string, unknown>[];

describe("the webhook URL's change history", () => {
  it("keeps each accepted change, newest first, with who made it and the URL it replaced", async () => {
    await signInAsAdmin();
    const original = (await call(settings, "GET", "/api/settings")).json.webhookUrl as string | null;
    expect(await history()).toEqual([]);

    expect((await change("https://hooks.one.example/a")).status).toBe(200);
    expect((await change("https://hooks.two.example/b")).status).toBe(200);

    expect(await history()).toEqual([
      expect.objectContaining({
        changedBy: "admin@demo.test",
        role: "admin",
        previousUrl: "https://hooks.one.example/a",
        url: "https://hooks.two.example/b",
      }),
      expect.objectContaining({ changedBy: "admin@demo.test", role: "admin", previousUrl: original, url: "https://hooks.one.example/a" }),
    ]);
  });

  it("records nothing for a change refused by the BFF or by the API", async () => {
    await signInAsAdmin();
    const before = await history();
    expect((await change("https://hooks.three.example/c", "hooks.typo.example")).status).toBe(400);
    await control(setting.sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 500, path: "/v1/me/webhook" } });
    expect((await change("https://hooks.four.example/d")).status).toBeGreaterThanOrEqual(500);
    expect(await history()).toEqual(before);
  });
});
