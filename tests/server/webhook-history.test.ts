// The webhook URL's change history (webhook_changes): a change the API accepted is kept
// with who made it and the URL it replaced; a refused one leaves nothing.
import { describe, expect, it, vi } from "vitest";
import { call, signInWithFactor, testDatabase } from "./support/bff-harness";
import { control } from "./support/simulator";
import { simulatorDashboard } from "./support/simulator-dashboard";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { GET: settings } = await import("@/app/api/settings/route");
const { PATCH: changeWebhook } = await import("@/app/api/settings/webhook/route");

const setting = simulatorDashboard();

const signInAsAdmin = () => signInWithFactor("admin@demo.test");

const current = async () => (await call(settings, "GET", "/api/settings")).json.webhookUrl as string | null;
/** A change from a page that shows the URL as it is now, unless `replacing` says what another page showed. */
const change = async (url: string, confirmHost = new URL(url).host, replacing?: string | null) =>
  call(changeWebhook, "PATCH", "/api/settings/webhook", {
    body: { url, confirmHost, replacing: replacing === undefined ? await current() : replacing },
  });
const history = async () => (await call(settings, "GET", "/api/settings")).json.webhookHistory as Record<string, unknown>[];
const trail = async () =>
  (
    await testDatabase.db
      .selectFrom("audit_log")
      .select(["result", "details"])
      .where("action", "=", "webhook.change")
      .orderBy("id")
      .execute()
  ).map((row) => [row.result, (row.details as { url: string }).url]);

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

  it("refuses a change from a page that showed another URL than the API holds (409), and changes nothing", async () => {
    await signInAsAdmin();
    expect((await change("https://hooks.five.example/e")).status).toBe(200);
    const before = await history();
    // Another admin changed it to five; this page still showed the one before.
    const stale = await change("https://hooks.six.example/f", "hooks.six.example", "https://hooks.two.example/b");
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("changed_since_read");
    expect(stale.json.error.message).toContain("changed since this page showed it");
    expect(await current()).toBe("https://hooks.five.example/e");
    expect(await history()).toEqual(before);
  });

  it("queues two admins' changes: one lands, the other is refused as stale, and the history holds what was replaced", async () => {
    await signInAsAdmin();
    const seen = await current();
    const answers = await Promise.all([
      change("https://hooks.seven.example/g", "hooks.seven.example", seen),
      change("https://hooks.eight.example/h", "hooks.eight.example", seen),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const landed = answers[0]?.status === 200 ? "https://hooks.seven.example/g" : "https://hooks.eight.example/h";
    expect(await current()).toBe(landed);
    expect((await history())[0]).toEqual(expect.objectContaining({ previousUrl: seen, url: landed }));
  });

  it("refuses control characters in the URL (a NUL would have changed it with no trail or history)", async () => {
    await signInAsAdmin();
    const before = await current();
    const nul = await change("https://hooks.nul.example/h\u0000", "hooks.nul.example");
    expect(nul.status).toBe(400);
    expect(nul.json.error.fields.url).toEqual([expect.stringContaining("control characters")]);
    expect(await current()).toBe(before);
  });

  it("answers 400 on the url field, not 500, for values that are not URLs at all (issue 54: the fuzz found 27)", async () => {
    await signInAsAdmin();
    const before = await current();
    for (const url of ["0", "NaN", "0x10", "<script>alert(1)</script>", "../../../../etc/passwd", "\u{1F4B8}", 42]) {
      const answer = await call(changeWebhook, "PATCH", "/api/settings/webhook", { body: { url, confirmHost: "x", replacing: before } });
      expect(answer.status, String(url)).toBe(400);
      expect(answer.json.error.fields.url, String(url)).toEqual([expect.any(String)]);
    }
    expect(await current()).toBe(before);
  });

  it("records the intent before asking the API, then how it ended: refused, or changed with its answer lost", async () => {
    await signInAsAdmin();
    const trailBefore = await trail();
    await control(setting.sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 400, path: "/v1/me/webhook" } });
    expect((await change("https://hooks.nine.example/i")).status).toBe(422);
    // The API applied this one, and its answer never came: read back from GET /v1/me, it is a change.
    await control(setting.sim, "POST", "/_sim/faults", { dropResponseNext: { count: 1, path: "/v1/me/webhook" } });
    const lost = await change("https://hooks.ten.example/j");
    expect(lost.status).toBe(200);
    expect(lost.json.webhookUrl).toBe("https://hooks.ten.example/j");
    expect((await history())[0]).toEqual(expect.objectContaining({ url: "https://hooks.ten.example/j" }));
    expect((await trail()).slice(trailBefore.length)).toEqual([
      ["reserved", "https://hooks.nine.example/i"],
      ["failed:validation", "https://hooks.nine.example/i"],
      ["reserved", "https://hooks.ten.example/j"],
      ["ok", "https://hooks.ten.example/j"],
    ]);
  });
});
