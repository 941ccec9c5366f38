// What the BFF records in the audit trail, through its own routes against the simulator:
// sign-in (success, failure, throttled), sign-out, a money write's intent and outcome, the
// webhook change. Never a password, and for an unknown email only an HMAC of what was typed.
import { describe, expect, it, vi } from "vitest";
import { newReference } from "@/lib/references";
import { verifyChain } from "@/lib/server/audit/verify";
import { AUDIT_KEY, call, currentCode, DEMO_PASSWORD, signInWithFactor, testDatabase } from "../server/support/bff-harness";
import { simulatorDashboard } from "../server/support/simulator-dashboard";

vi.mock("next/headers", () => import("../server/support/next-headers-mock"));

const { POST: signIn } = await import("@/app/api/auth/sign-in/route");
const { POST: signOut } = await import("@/app/api/auth/sign-out/route");
const { PUT: setMode } = await import("@/app/api/session/mode/route");
const { POST: verifyAccount } = await import("@/app/api/nigeria/verify-account/route");
const { POST: createNigeriaPayout } = await import("@/app/api/nigeria/payouts/route");
const { PATCH: changeWebhook } = await import("@/app/api/settings/webhook/route");
const { POST: createPayin } = await import("@/app/api/payins/[region]/route");
const { POST: submitUtr } = await import("@/app/api/payins/[region]/[id]/utr/route");

simulatorDashboard();

const entries = (action: string) =>
  testDatabase.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();
const { POST: secondFactor } = await import("@/app/api/auth/second-factor/route");
const signInAs = (email: string, password = DEMO_PASSWORD) => call(signIn, "POST", "/api/auth/sign-in", { body: { email, password } });

describe("the audit trail, through the BFF", () => {
  it("records sign-ins that worked and failed, with an HMAC (never the text) for an unknown email, and sign-outs", async () => {
    const typedPassword = "Correct-Horse-Battery-9";
    // A password typed into the email box: a failed sign-in whose "email" must never be stored.
    expect((await signInAs(typedPassword, "anything-1234")).status).toBe(401);
    expect((await signInAs("typo@demo.tset", typedPassword)).status).toBe(401);
    expect((await signInAs("finance@demo.test", "wrong-password-123")).status).toBe(401);
    expect((await signInAs("finance@demo.test")).status).toBe(200);
    expect((await call(secondFactor, "POST", "/api/auth/second-factor", { body: { code: "000000" } })).status).toBe(400);
    const code = await currentCode("finance@demo.test");
    expect((await call(secondFactor, "POST", "/api/auth/second-factor", { body: { code } })).status).toBe(200);
    expect((await call(signOut, "POST", "/api/auth/sign-out")).status).toBe(200);

    const signIns = await entries("sign_in");
    expect(signIns.map((row) => [row.actor_kind, row.actor_email, row.target_ids, row.result])).toEqual([
      ["anonymous", null, [], "invalid_credentials"],
      ["anonymous", null, [], "invalid_credentials"],
      ["anonymous", null, ["finance@demo.test"], "invalid_credentials"],
      ["anonymous", null, ["finance@demo.test"], "password_ok:second_factor"],
    ]);
    // The code step: the wrong code and the right one, by the account that typed them (never the code).
    const codeSteps = await entries("sign_in.second_factor");
    expect(codeSteps.map((row) => [row.actor_email, row.result, row.details])).toEqual([
      ["finance@demo.test", "invalid_code", {}],
      ["finance@demo.test", "ok", { method: "totp" }],
    ]);
    expect(signIns[0]?.details).toEqual({ typedEmailHmac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(signIns[1]?.details).not.toEqual(signIns[0]?.details); // another text typed, another HMAC
    expect(signIns.every((row) => row.client_address === "203.0.113.1" && row.request_id)).toBe(true);
    const everything = JSON.stringify(await testDatabase.db.selectFrom("audit_log").selectAll().execute());
    for (const secret of ["typo@demo.tset", typedPassword, "wrong-password-123", DEMO_PASSWORD, code])
      expect(everything).not.toContain(secret);
    expect(await entries("sign_out")).toEqual([expect.objectContaining({ actor_email: "finance@demo.test", result: "ok" })]);
  });

  // Each entry takes the trail's one lock, which money writes wait on: a script sending throttled
  // sign-ins in a loop (they cost it nothing) appended one per request.
  it("records the checked failures, and of the tries refused unchecked while an address waits, one a minute", async () => {
    const headers = { "x-client-address": "198.51.100.77" };
    const before = (await entries("sign_in")).length;
    let refused = 0;
    for (let i = 0; i < 40 && refused < 12; i++) {
      const answer = await call(signIn, "POST", "/api/auth/sign-in", {
        headers,
        body: { email: `guess${i}@demo.test`, password: "wrong-password!" },
      });
      if (answer.status === 429) refused += 1;
      else expect(answer.status).toBe(401);
    }
    expect(refused).toBe(12);
    const results = (await entries("sign_in")).slice(before).map((row) => row.result);
    expect(results.filter((result) => result === "too_many_attempts")).toHaveLength(1);
    expect(results.filter((result) => result === "invalid_credentials")).toHaveLength(results.length - 1);
  });

  it("records an NGN payout's intent and outcome with its reference, key and transaction, and a webhook change", async () => {
    await signInWithFactor("admin@demo.test");
    expect((await call(setMode, "PUT", "/api/session/mode", { body: { mode: "live" } })).status).toBe(200);
    const verified = await call(verifyAccount, "POST", "/api/nigeria/verify-account", {
      body: { bankCode: "058", accountNumber: "0123456789" },
    });
    const { token, ...beneficiary } = verified.json as { token: string } & Record<string, string>;
    const reference = newReference("NGN");
    const sent = await call(createNigeriaPayout, "POST", "/api/nigeria/payouts", {
      body: { amount: "1000.00", merchantReference: reference, beneficiary, beneficiaryToken: token },
    });
    expect(sent.status).toBe(200);
    const transactionId = (sent.json as { transactionId: string }).transactionId;

    const writes = (await entries("money_write.intent")).concat(await entries("money_write.outcome"));
    expect(writes.map((row) => [row.action, row.merchant_reference, row.target_ids, row.result, row.actor_email, row.environment])).toEqual(
      [
        ["money_write.intent", reference, [], "reserved", "admin@demo.test", "live"],
        ["money_write.outcome", reference, [transactionId], "answered", "admin@demo.test", "live"],
      ],
    );
    expect(writes[0]?.idempotency_key).toMatch(/^ngn-payout:live:[0-9a-f]{64}$/);
    expect(JSON.stringify(writes)).not.toContain("0123456789"); // the account number stays out

    expect(
      (
        await call(changeWebhook, "PATCH", "/api/settings/webhook", {
          body: { url: "https://hooks.audit.example/x", confirmHost: "hooks.audit.example", replacing: null },
        })
      ).status,
    ).toBe(200);
    // The intent before the API was asked, then how it ended.
    expect(await entries("webhook.change")).toEqual(
      ["reserved", "ok"].map((result) =>
        expect.objectContaining({
          actor_email: "admin@demo.test",
          environment: "live",
          result,
          details: expect.objectContaining({ previousUrl: null, url: "https://hooks.audit.example/x" }),
        }),
      ),
    );
    expect((await verifyChain(testDatabase.db, { keys: [AUDIT_KEY] })).firstBreak).toBeNull();
  });

  // A UTR asks the API to credit a pay-in on a staff member's word: recorded before it is sent, then how it ended.
  it("records an India UTR submission, the one that worked and the one too late, with the UTR claimed", async () => {
    await signInWithFactor("finance@demo.test");
    const created = await call(createPayin, "POST", "/api/payins/india", {
      params: { region: "india" },
      body: { reference: crypto.randomUUID(), body: { amount: "885.00", currencySymbol: "INR" } },
    });
    expect(created.status).toBe(200);
    const id = (created.json as { transactionId: string }).transactionId;
    const utrOf = (utr: string) =>
      call(submitUtr, "POST", `/api/payins/india/${id}/utr`, { params: { region: "india", id }, body: { utr } });
    expect((await utrOf("412345678901")).status).toBe(200);
    expect((await utrOf("412345678902")).status).toBe(422);
    expect(
      (await entries("india.utr")).map((row) => [
        row.actor_email,
        row.target_ids,
        row.result,
        (row.details as { utr?: string } | null)?.utr,
      ]),
    ).toEqual([
      ["finance@demo.test", [id], "reserved", "412345678901"],
      ["finance@demo.test", [id], "ok", "412345678901"],
      ["finance@demo.test", [id], "reserved", "412345678902"],
      ["finance@demo.test", [id], "failed:invalid_state", "412345678902"],
    ]);
  });
});
