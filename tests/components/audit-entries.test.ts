// The trail's cards, rendered to HTML: every value someone else chose sits in its own <bdi>, so a
// right-to-left override in one (a CSV export's reported filters, an id from the API) reverses
// only that value, never the labels and values after it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuditEntries } from "@/features/audit/components/audit-entries";
import type { AuditEntryDto } from "@/features/audit/contracts";

const RLO = "\u202E";

const entry: AuditEntryDto = {
  id: "41",
  at: "2026-11-28T04:00:00.000Z",
  actor: { kind: "staff", id: "viewer@demo.test", email: "viewer@demo.test", role: "viewer" },
  environment: "live",
  action: "money_write.outcome",
  targetIds: [`tx_${RLO}evil`],
  merchantReference: `REF-${RLO}1`,
  idempotencyKey: "brazil-payout:live:abc",
  requestId: `req-${RLO}2`,
  clientAddress: "203.0.113.9",
  result: "answered",
  details: { filters: `status=${RLO}pending`, rail: "brazil-payout" },
  prevHash: "0".repeat(64),
  hash: "f".repeat(64),
};

describe("an audit entry's card", () => {
  it("isolates every value that carries an override in a bdi of its own", () => {
    const html = renderToStaticMarkup(createElement(AuditEntries, { entries: [entry] }));
    const overrides = html.split(RLO).length - 1;
    expect(overrides).toBe(4);
    // Each override sits inside a <bdi> whose text it cannot leave.
    const isolated = [...html.matchAll(/<bdi[^>]*>([^<]*)<\/bdi>/g)].map((match) => match[1] ?? "");
    expect(isolated.filter((text) => text.includes(RLO))).toHaveLength(4);
  });
});
