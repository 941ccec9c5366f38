// What the /audit page writes and says: the CSV export (formula cells guarded, every column,
// RFC 4180 quoting), plain words for results and actors, and who may see the page.
import { describe, expect, it } from "vitest";
import { AUDIT_CSV_COLUMNS, auditToCsv } from "@/features/audit/components/csv";
import { actorLabel, detailLabel, detailText, resultOf } from "@/features/audit/components/labels";
import { CODE_STEP_RESULTS } from "@/lib/server/second-factor/spend-code";
import { WRITE_KINDS } from "@/lib/server/money-writes/write-kinds";
import type { AuditEntryDto } from "@/features/audit/contracts";
import { can, navFor, ROLES } from "@/lib/permissions";

const entry: AuditEntryDto = {
  id: "41",
  at: "2026-03-01T12:00:00.000Z",
  actor: { kind: "staff", id: "admin@demo.test", email: "admin@demo.test", role: "admin" },
  environment: "live",
  action: "webhook.change",
  targetIds: ["tx_1", "tx_2"],
  merchantReference: '=HYPERLINK("http://evil")',
  idempotencyKey: null,
  requestId: "req-1",
  clientAddress: "203.0.113.7",
  result: "ok",
  details: { url: "https://hooks.example/x", rows: 3 },
  prevHash: "a".repeat(64),
  hash: "b".repeat(64),
};

describe("the audit CSV", () => {
  it("writes every column, guards a formula, quotes JSON and ends lines with CRLF", () => {
    const csv = auditToCsv([entry]);
    const [header, line, end] = csv.split("\r\n");
    expect(header).toBe(AUDIT_CSV_COLUMNS.join(","));
    expect(end).toBe("");
    expect(line).toBe(
      [
        "41",
        "2026-03-01T12:00:00.000Z",
        "staff",
        "admin@demo.test",
        "admin@demo.test",
        "admin",
        "live",
        "webhook.change",
        "tx_1 tx_2",
        `"'=HYPERLINK(""http://evil"")"`,
        "",
        "req-1",
        "203.0.113.7",
        "ok",
        `"{""url"":""https://hooks.example/x"",""rows"":3}"`,
        "a".repeat(64),
        "b".repeat(64),
      ].join(","),
    );
  });
});

describe("the page's words", () => {
  it("says results and actors in plain words", () => {
    expect(resultOf("failed:insufficient_balance")).toEqual({ label: "Refused by the API (insufficient_balance)", tone: "red" });
    expect(resultOf("answered")).toEqual({ label: "Accepted by the API", tone: "green" });
    expect(resultOf("something_new")).toEqual({ label: "something_new", tone: "slate" });
    // Every result a code step records (second-factor/spend-code.ts) reads as words, not as its code.
    for (const result of CODE_STEP_RESULTS) expect(resultOf(result).label, result).not.toBe(result);
    // So does what features/staff/server/staff-actions.ts records for a change refused or a link not emailed.
    expect(resultOf("refused")).toEqual({ label: "Refused, nothing changed", tone: "red" });
    expect(resultOf("email_failed").label).toBe("Not sent: the email could not be sent");
    expect(actorLabel({ actor: { kind: "anonymous", id: null, email: null, role: null } })).toBe("Someone not signed in");
    expect(actorLabel({ actor: { kind: "cli", id: "ops", email: null, role: null } })).toBe("Command line, run by ops");
    expect(actorLabel(entry)).toBe("admin@demo.test (admin)");
  });

  it("says the password step's next step and how a code was checked in words, never as stored codes", () => {
    expect(resultOf("password_ok:second_factor").label).toBe("Password right; a code from the app is asked next");
    expect(resultOf("password_ok:enrol").label).toBe("Password right; two-factor set-up comes next");
    expect(detailLabel("method")).toBe("Checked with");
    expect(detailText("method", "totp")).toBe("a code from the authenticator app");
    expect(detailText("method", "recovery")).toBe("a recovery code");
    expect(detailText("via", "reconcile")).toBe("the reconciliation job");
    expect(detailText("via", "lookup")).toBe("a lookup by reference");
    expect(detailText("rail", "ngn-payout")).toBe("Nigeria payout");
    // Every rail a money write records reads as words.
    for (const rail of WRITE_KINDS) expect(detailText("rail", rail), rail).not.toBe(rail);
    expect(detailText("rail", "nigeria")).toBe("Nigeria");
    expect(detailText("upstreamStatus", 503)).toBe("HTTP 503");
    // What the words do not know is shown as stored, never dropped.
    expect(detailText("method", "webauthn")).toBe("webauthn");
    expect(detailText("rows", 1200)).toBe("1,200");
  });

  it("is admin's only: in admin's navigation and no one else's", () => {
    expect(ROLES.filter((role) => can(role, "audit:read"))).toEqual(["admin"]);
    expect(ROLES.filter((role) => navFor(role).some((item) => item.href === "/audit"))).toEqual(["admin"]);
  });
});
