// The /audit page's BFF: GET /api/audit (admin only; filters, newest first, keyset pages)
// and POST /api/audit/exports (a CSV export as the browser reports it), through the real
// route handlers against this file's database.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CSV_EXPORTS_PER_MINUTE } from "@/features/audit/server/export-limit";
import { createAuditLog } from "@/lib/server/audit/log";
import type { AuditInput } from "@/lib/server/audit/entry";
import type { AuditEntryDto, AuditPageDto } from "@/features/audit/contracts";
import { auditArgsOf, loadAuditSearchParams } from "@/features/audit/components/url-state";
import { AUDIT_KEY, call, signInWithFactor, testDatabase } from "../server/support/bff-harness";
import { simulatorDashboard } from "../server/support/simulator-dashboard";

vi.mock("next/headers", () => import("../server/support/next-headers-mock"));

const { GET: listAudit } = await import("@/app/api/audit/route");
const { POST: recordExport } = await import("@/app/api/audit/exports/route");

simulatorDashboard();

type Role = "admin" | "finance" | "support" | "viewer";
const signInAs = (role: Role) => signInWithFactor(`${role}@demo.test`);

const list = (query = "") => call(listAudit, "GET", `/api/audit${query ? `?${query}` : ""}`);
const page = async (query: string) => {
  const response = await list(query);
  expect(response.status, response.text).toBe(200);
  return response.json as AuditPageDto;
};
const ids = (entries: AuditEntryDto[]) => entries.map((entry) => entry.id);

const DAY = 24 * 60 * 60 * 1000;

/** Entries a test can tell apart from the sign-ins the tests themselves cause: action "test.*". */
async function seed(): Promise<void> {
  let clock = Date.parse("2026-03-01T12:00:00Z");
  const log = createAuditLog(testDatabase.db, { key: AUDIT_KEY, now: () => new Date(clock) });
  const base = (n: number): AuditInput => ({
    actor: { kind: "staff", id: "finance@demo.test", email: "finance@demo.test", role: "finance" },
    environment: n % 2 ? "live" : "test",
    action: n % 3 ? "test.payout" : "test.webhook",
    targetIds: [`tx_test_${n}`],
    merchantReference: `REF-${n}`,
    requestId: `req-${n}`,
    result: "ok",
  });
  for (let n = 1; n <= 12; n += 1) {
    const input = base(n);
    // Entries 10-12 by the admin; one day per entry from 1 March 2026.
    await log.append(
      n >= 10 ? { ...input, actor: { kind: "staff", id: "admin@demo.test", email: "admin@demo.test", role: "admin" } } : input,
    );
    clock += DAY;
  }
}

describe("GET /api/audit", () => {
  beforeAll(seed);

  it("answers 401 signed out, 403 to finance, support and viewer, and nothing of the trail", async () => {
    const signedOut = await list();
    expect(signedOut.status).toBe(401);
    for (const role of ["finance", "support", "viewer"] as const) {
      await signInAs(role);
      const refused = await list("action=test.payout");
      expect(refused.status, role).toBe(403);
      expect(refused.json.error.code).toBe("forbidden");
      expect(refused.text).not.toContain("tx_test_");
    }
  });

  it("gives admin the entries newest first, filtered by actor, action, environment, dates and target or reference", async () => {
    await signInAs("admin");
    const tests = (await page("limit=1000")).entries.filter((entry) => entry.action.startsWith("test."));
    expect(tests.map((entry) => entry.merchantReference)).toEqual(Array.from({ length: 12 }, (_, i) => `REF-${12 - i}`));
    const references = async (query: string) => (await page(query)).entries.map((entry) => entry.merchantReference);

    expect(await references("actor=ADMIN@demo.test&action=test.payout")).toEqual(["REF-11", "REF-10"]);
    expect(await references("action=test.webhook")).toEqual(["REF-12", "REF-9", "REF-6", "REF-3"]);
    expect(await references("action=test.webhook&environment=live")).toEqual(["REF-9", "REF-3"]);
    // 1 March is entry 1; the range's last day is included.
    expect(await references("from=2026-03-03&to=2026-03-05")).toEqual(["REF-5", "REF-4", "REF-3"]);
    // The same days where the reader is: noon UTC is already the next day at UTC+14.
    expect(await references("from=2026-03-03&to=2026-03-05&tz=Pacific/Kiritimati")).toEqual(["REF-4", "REF-3", "REF-2"]);
    expect(await references("from=2026-03-03&to=2026-03-05&tz=America/Los_Angeles")).toEqual(["REF-5", "REF-4", "REF-3"]);
    expect(await references("target=tx_test_7")).toEqual(["REF-7"]);
    expect(await references("target=REF-8")).toEqual(["REF-8"]);
    expect(await references("target=tx_test_99")).toEqual([]);
    expect(tests[0]).toMatchObject({
      actor: { kind: "staff", email: "admin@demo.test", role: "admin" },
      environment: "test",
      targetIds: ["tx_test_12"],
      requestId: "req-12",
      result: "ok",
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("reads a day where the clocks change as the reader's 23 hours, midnight to midnight", async () => {
    // New York's clocks went forward on 8 March 2026: its day ran 05:00Z to 04:00Z the next day.
    const instants = ["2026-03-08T04:30:00Z", "2026-03-08T05:30:00Z", "2026-03-09T03:30:00Z", "2026-03-09T04:30:00Z"];
    for (const at of instants) {
      const log = createAuditLog(testDatabase.db, { key: AUDIT_KEY, now: () => new Date(at) });
      await log.append({ actor: { kind: "job", id: "test" }, environment: "test", action: "test.dst", targetIds: [at], result: "ok" });
    }
    await signInAs("admin");
    const day = await page("action=test.dst&from=2026-03-08&to=2026-03-08&tz=America/New_York");
    expect(day.entries.map((entry) => entry.at)).toEqual(["2026-03-09T03:30:00.000Z", "2026-03-08T05:30:00.000Z"]);
  });

  it("finds a payout's whole trail from its transaction id: the intent appended before the API named it included", async () => {
    const log = createAuditLog(testDatabase.db, { key: AUDIT_KEY });
    const write = (phase: string, targetIds: string[], merchantReference: string, environment: "test" | "live" = "live"): AuditInput => ({
      actor: { kind: "staff", id: "finance@demo.test", email: "finance@demo.test", role: "finance" },
      environment,
      action: `test.money_write.${phase}`,
      targetIds,
      merchantReference,
      result: "ok",
    });
    // The same order id used first in test: another write, not this payout's trail.
    await log.append(write("intent", [], "REF-TRAIL", "test"));
    await log.append(write("intent", [], "REF-TRAIL"));
    await log.append(write("intent", [], "REF-OTHER"));
    await log.append(write("outcome", ["tx_trail"], "REF-TRAIL"));
    // A later write on the same payout keyed by its id (as the Europe approval is).
    await log.append(write("intent", [], "tx_trail"));
    await signInAs("admin");
    const trail = async (target: string) =>
      (await page(`target=${target}`)).entries.map(
        (entry) => `${entry.action.replace("test.money_write.", "")}:${entry.merchantReference}`,
      );
    expect(await trail("tx_trail")).toEqual(["intent:tx_trail", "outcome:REF-TRAIL", "intent:REF-TRAIL"]);
    // Typed as a reference, every environment's entries of it: each row says its environment.
    expect(await trail("REF-TRAIL")).toEqual(["outcome:REF-TRAIL", "intent:REF-TRAIL", "intent:REF-TRAIL"]);
  });

  it("pages by keyset: older pages to the end without a gap or a repeat, then newer pages back", async () => {
    await signInAs("admin");
    const all = ids((await page("action=test.payout&limit=1000")).entries);
    expect(all).toHaveLength(8);
    const walked: string[] = [];
    const pages: AuditPageDto[] = [];
    let cursor: string | null = null;
    do {
      const current = await page(`action=test.payout&limit=3${cursor ? `&before=${cursor}` : ""}`);
      pages.push(current);
      walked.push(...ids(current.entries));
      cursor = current.older;
    } while (cursor);
    expect(walked).toEqual(all);
    expect(pages.map((p) => p.entries.length)).toEqual([3, 3, 2]);
    expect(pages[0]?.newer).toBeNull();

    // Back up from the last page: the same pages, in the same order within each.
    const back = await page(`action=test.payout&limit=3&after=${pages[2]?.newer}`);
    expect(ids(back.entries)).toEqual(ids(pages[1]!.entries));
    const first = await page(`action=test.payout&limit=3&after=${back.newer}`);
    expect(ids(first.entries)).toEqual(ids(pages[0]!.entries));
    expect(first.newer).toBeNull();
  });

  it("refuses bad filters with a clear 400 that names the field", async () => {
    await signInAs("admin");
    const cases: [string, string][] = [
      ["from=2026-03-05&to=2026-03-01", "to"],
      ["from=2026-02-30", "from"],
      // Postgres's dates have no year 0: a 400, not its "out of range" as a 500.
      ["to=0000-12-31", "to"],
      ["from=2026-03-01&tz=Mars/Olympus", "tz"],
      // An offset is not a zone name (Postgres would read "+05:30" as five and a half hours west).
      ["from=2026-03-01&tz=%2B05:30", "tz"],
      [`from=2026-03-01&tz=${"A".repeat(300)}`, "tz"],
      ["environment=staging", "environment"],
      ["before=5&after=2", "after"],
      ["before=abc", "before"],
      // Past the trail's bigint ids: a 400, not Postgres's "out of range" as a 500.
      ["before=9999999999999999999", "before"],
      ["after=9223372036854775808", "after"],
      ["limit=5000", "limit"],
      [`actor=${"a".repeat(300)}`, "actor"],
      // A NUL reaches Postgres as text it refuses outright: a 400 here, not a 500 there.
      ["actor=a%00b", "actor"],
      ["target=tx_%00", "target"],
    ];
    for (const [query, field] of cases) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.json.error.code).toBe("validation");
      expect(Object.keys(refused.json.error.fields), query).toEqual([field]);
    }
    expect((await list("from=2026-03-01&to=2026-03-01")).status).toBe(200);
    expect((await list("from=0001-01-01&to=9999-12-31&tz=Asia/Dhaka")).status).toBe(200);
    expect((await list("before=9223372036854775807")).status).toBe(200);
  });

  it("reads the page's URL into the same query the BFF takes", () => {
    const state = loadAuditSearchParams("?actor=%20a%40b.test%20&environment=staging&target=tx_1&before=40&from=2026-01-01");
    expect(auditArgsOf(state)).toEqual({ actor: "a@b.test", target: "tx_1", before: "40", from: "2026-01-01" });
    expect(auditArgsOf(state, { cursor: false })).toEqual({ actor: "a@b.test", target: "tx_1", from: "2026-01-01" });
    // The days' zone travels with a day, and only with one.
    expect(auditArgsOf(loadAuditSearchParams("?to=2026-01-31&tz=Asia/Dhaka"))).toEqual({ to: "2026-01-31", tz: "Asia/Dhaka" });
    expect(auditArgsOf(loadAuditSearchParams("?actor=a%40b.test&tz=Asia/Dhaka"))).toEqual({ actor: "a@b.test" });
  });
});

describe("POST /api/audit/exports", () => {
  const exportsOf = () => testDatabase.db.selectFrom("audit_log").selectAll().where("action", "=", "csv_export").orderBy("id").execute();

  it("records an admin's audit export and a support member's transactions export, with filters and rows", async () => {
    await signInAs("admin");
    const recorded = await call(recordExport, "POST", "/api/audit/exports", {
      body: { page: "audit", filters: "action=test.payout&from=2026-03-01", rows: 8, partial: false },
    });
    expect(recorded.status, recorded.text).toBe(200);
    await signInAs("support");
    expect(
      (
        await call(recordExport, "POST", "/api/audit/exports", {
          body: { page: "transactions", filters: "status=failed&q=tx_1", rows: 1200, partial: true },
        })
      ).status,
    ).toBe(200);
    const rows = await exportsOf();
    expect(rows.map((row) => [row.id, row.actor_email, row.actor_role, row.environment, row.client_address, row.details])).toEqual([
      [
        recorded.json.id,
        "admin@demo.test",
        "admin",
        null,
        "203.0.113.1",
        { page: "audit", filters: "action=test.payout&from=2026-03-01", rows: 8, partial: false },
      ],
      [
        expect.any(String),
        "support@demo.test",
        "support",
        "test",
        "203.0.113.1",
        { page: "transactions", filters: "status=failed&q=tx_1", rows: 1200, partial: true },
      ],
    ]);
  });

  it("refuses an export of a page the role may not see, or a malformed report, and records nothing", async () => {
    const before = (await exportsOf()).length;
    await signInAs("support");
    const refused = await call(recordExport, "POST", "/api/audit/exports", { body: { page: "audit", filters: "", rows: 3 } });
    expect(refused.status).toBe(403);
    await signInAs("admin");
    for (const body of [
      { page: "settings", filters: "", rows: 1 },
      { page: "audit", filters: "", rows: -1 },
      { page: "audit", filters: "x".repeat(2_001), rows: 1 },
      { page: "audit", rows: 1 },
    ]) {
      expect((await call(recordExport, "POST", "/api/audit/exports", { body })).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await exportsOf()).toHaveLength(before);
  });

  // Any role that sees a list may report exports, and each is an entry kept 400 days behind the
  // chain lock money writes wait on: a loop of reports must not flood the trail.
  it("caps one staff member's reports per minute, with a Retry-After, and leaves others free", async () => {
    await signInAs("viewer");
    const viewer = { kind: "staff", id: "viewer@demo.test", email: "viewer@demo.test", role: "viewer" } as const;
    const report = () =>
      call(recordExport, "POST", "/api/audit/exports", { body: { page: "transactions", filters: "", rows: 1, partial: false } });
    const mine = () =>
      testDatabase.db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "csv_export")
        .where("actor_email", "=", "viewer@demo.test")
        .execute();
    // Nine reports made a minute ago (the trail is append-only, so they are appended as of then).
    const aMinuteAgo = createAuditLog(testDatabase.db, { key: AUDIT_KEY, now: () => new Date(Date.now() - 61_000) });
    for (let n = 0; n < CSV_EXPORTS_PER_MINUTE - 1; n += 1)
      await aMinuteAgo.append({ actor: viewer, action: "csv_export", result: "ok", details: { page: "transactions" } });
    const already = (await mine()).length;
    // They no longer count: a full minute's worth is free again.
    for (let n = 0; n < CSV_EXPORTS_PER_MINUTE; n += 1) expect((await report()).status).toBe(200);
    const refused = await report();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mine()).toHaveLength(already + CSV_EXPORTS_PER_MINUTE);
    await signInAs("admin");
    expect((await call(recordExport, "POST", "/api/audit/exports", { body: { page: "audit", filters: "", rows: 1 } })).status).toBe(200);
  });
});
