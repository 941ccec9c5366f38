// Maker-checker on the real database (issue 59): a payout a policy holds reaches nothing
// upstream, its intent is in the ledger as `held` with the exact bytes, and its approval sends
// those bytes once, whoever approves at once, clicks twice or retries. Rejection, expiry and a
// business refusal at approval spend the reference; the reconciler never reads a held row.
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { PaymentsApiError } from "@/lib/payments/errors";
import { ApiError } from "@/lib/server/api-error";
import type { AuditInput } from "@/lib/server/audit/entry";
import { createDatabase } from "@/lib/server/db/create";
import { approvalPolicy, approvalStore, beneficiaryOf } from "@/lib/server/money-writes/approvals";
import type { WriteHooks } from "@/lib/server/money-writes/hooks";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import { runMoneyWrite, sendApprovedWrite, type Pipeline, type WriteAdapter, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { setupTestDatabase } from "../support/db";

const database = setupTestDatabase();

type Body = { merchantReference: string; amount: string; pixKey: string; beneficiary: { name: string } };
type Answer = { transactionId: string };

const maker = { id: "finance@demo.test", email: "finance@demo.test", role: "finance" };
const checker = { id: "approver@demo.test", email: "approver@demo.test", role: "approver" };
const ctxOf = (actor: typeof maker) => ({ mode: "live", actor, requestId: "req-12345678" }) as WriteContext;

/** A Brazil payout adapter whose upstream records every send and answers as scripted. */
function upstream(answer: (body: Body) => Promise<Answer> = (body) => Promise.resolve({ transactionId: `tx_${body.merchantReference}` })) {
  const sent: string[] = [];
  const adapter: WriteAdapter<Body, Body, Answer, Answer> = {
    rail: "brazil-payout",
    reference: (input) => input.merchantReference,
    prepare: (input) => ({ ...input }),
    send: async (body) => {
      sent.push(JSON.stringify(body));
      // A send takes a while, so concurrent approvals overlap.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return answer(body);
    },
    transactionId: (answer) => answer.transactionId,
    present: (answer) => answer,
  };
  return { adapter, sent };
}

/** One instance: its own pool, ledger, store and hooks, as the app wires them (process-store.ts). */
function instance(name: string, ttlSeconds = 3600) {
  const pool = createDatabase(database.url, { max: 4 });
  onTestFinished(() => pool.destroy());
  const audited: AuditInput[] = [];
  const store = approvalStore(pool, (input) => Promise.resolve(void audited.push(input)), ttlSeconds);
  const hooks: WriteHooks = { policy: approvalPolicy(() => pool), audit: () => Promise.resolve(), hold: store.hold };
  const pipeline: Pipeline = { ledger: new PgWriteLedger(pool, { instanceId: name, bootId: "boot" }), hooks };
  return { pipeline, store, audited };
}

async function setPolicy(currency: string, threshold: string | null) {
  await database.db
    .insertInto("approval_policies")
    .values({ environment: "live", currency, threshold, set_by: "admin@demo.test", confirmed_by: "admin2@demo.test" })
    .onConflict((c) => c.columns(["environment", "currency"]).doUpdateSet({ threshold }))
    .execute();
}

const payout = (reference: string, amount: string): Body => ({
  merchantReference: reference,
  amount,
  pixKey: "maria@example.com",
  beneficiary: { name: "Maria Silva" },
});

/** Submits as the maker (or `by`); answers the approval id it was held under. */
async function submitHeld(
  pipeline: Pipeline,
  adapter: WriteAdapter<Body, Body, Answer, Answer>,
  body: Body,
  by: typeof maker = maker,
): Promise<string> {
  const error = await runMoneyWrite(pipeline, adapter, body, ctxOf(by)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe("approval_pending");
  return (error as ApiError).extra.approvalId!;
}

const ledgerRow = (reference: string) =>
  database.db.selectFrom("money_writes").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();

describe("maker-checker", () => {
  it("sends a payout below the threshold at once, and holds one at or above it with nothing sent and its intent in the ledger", async () => {
    await setPolicy("BRL", "1000.00");
    const { pipeline, store, audited } = instance("a");
    const { adapter, sent } = upstream();

    await expect(runMoneyWrite(pipeline, adapter, payout("BR-LOW", "999.99"), ctxOf(maker))).resolves.toEqual({
      transactionId: "tx_BR-LOW",
    });
    expect(sent).toHaveLength(1);

    const id = await submitHeld(pipeline, adapter, payout("BR-HIGH", "1,000.00"));
    expect(sent).toHaveLength(1);
    const row = await ledgerRow("BR-HIGH");
    expect(row).toMatchObject({ state: "held", actor_email: maker.email, request_body: JSON.stringify(payout("BR-HIGH", "1,000.00")) });
    const request = await store.find("live", id);
    expect(request).toMatchObject({
      status: "requested",
      makerEmail: maker.email,
      amount: "1000",
      currency: "BRL",
      requestBody: row.request_body,
    });
    expect(request?.policy).toEqual({ currency: "BRL", amount: "1000", threshold: "1000.00" });
    expect(audited.map((entry) => entry.action)).toEqual(["approval.requested"]);

    // The same submission again finds the same request; other bytes under the reference are refused.
    expect(await submitHeld(pipeline, adapter, payout("BR-HIGH", "1,000.00"))).toBe(id);
    await expect(runMoneyWrite(pipeline, adapter, payout("BR-HIGH", "2000.00"), ctxOf(maker))).rejects.toMatchObject({
      code: "reference_in_use",
    });
    // With the policy gone, the held reference is still not sent by a submission: only its approval sends it.
    await database.db.deleteFrom("approval_policies").execute();
    await expect(runMoneyWrite(pipeline, adapter, payout("BR-HIGH", "1,000.00"), ctxOf(maker))).rejects.toMatchObject({
      code: "approval_pending",
    });
    expect(sent).toHaveLength(1);
  });

  it("makes exactly one upstream payout of two approvers on two instances, a double click and a retry", async () => {
    await setPolicy("BRL", null);
    const a = instance("a");
    const b = instance("b");
    const { adapter, sent } = upstream();
    const id = await submitHeld(a.pipeline, adapter, payout("BR-TWICE", "10.00"));

    // Two approvers at once: one moves the request.
    const decisions = await Promise.all([
      a.store.markApproved("live", id, checker.email),
      b.store.markApproved("live", id, "admin@demo.test"),
    ]);
    expect(decisions.filter(Boolean)).toHaveLength(1);
    // The maker never can.
    expect(await a.store.markApproved("live", id, maker.email)).toBeUndefined();

    const stored = { reference: "BR-TWICE", bytes: (await a.store.find("live", id))!.requestBody };
    const results = await Promise.allSettled([
      sendApprovedWrite(a.pipeline, adapter, stored, ctxOf(checker)),
      sendApprovedWrite(a.pipeline, adapter, stored, ctxOf(checker)),
      sendApprovedWrite(b.pipeline, adapter, stored, ctxOf(checker)),
    ]);
    expect(sent).toEqual([stored.bytes]);
    expect(results.filter((r) => r.status === "fulfilled")).not.toHaveLength(0);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "write_in_flight" });
    expect(await ledgerRow("BR-TWICE")).toMatchObject({ state: "answered", transaction_id: "tx_BR-TWICE" });
  });

  it("expires a request once, by whichever instance reads first, and the reference is spent", async () => {
    await setPolicy("BRL", null);
    const a = instance("a", 1);
    const b = instance("b", 1);
    const { adapter, sent } = upstream();
    const id = await submitHeld(a.pipeline, adapter, payout("BR-OLD", "10.00"));
    await database.db
      .updateTable("approval_requests")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where("id", "=", id)
      .execute();

    const [seenA, seenB] = await Promise.all([a.store.find("live", id), b.store.find("live", id)]);
    expect([seenA?.status, seenB?.status]).toEqual(["expired", "expired"]);
    expect(
      [...a.audited, ...b.audited].filter((entry) => entry.action === "approval.expired" && entry.targetIds?.includes(id)),
    ).toHaveLength(1);
    expect(await a.store.markApproved("live", id, checker.email)).toBeUndefined();
    expect(await ledgerRow("BR-OLD")).toMatchObject({ state: "failed", code: "approval_expired", request_body: null });
    await expect(runMoneyWrite(a.pipeline, adapter, payout("BR-OLD", "10.00"), ctxOf(maker))).rejects.toMatchObject({
      code: "reference_refused",
    });
    await expect(
      sendApprovedWrite(a.pipeline, adapter, { reference: "BR-OLD", bytes: seenA!.requestBody }, ctxOf(checker)),
    ).rejects.toMatchObject({
      code: "reference_refused",
    });
    expect(sent).toEqual([]);
  });

  it("lists a maker's own requests newest first, whatever became of them, and nobody else's", async () => {
    await setPolicy("BRL", null);
    const { pipeline, store } = instance("a");
    const { adapter } = upstream();
    const other = { id: "finance2@demo.test", email: "finance2@demo.test", role: "finance" };
    const first = await submitHeld(pipeline, adapter, payout("BR-MINE-1", "11.00"));
    await submitHeld(pipeline, adapter, payout("BR-THEIRS", "12.00"), other);
    await submitHeld(pipeline, adapter, payout("BR-MINE-2", "13.00"));
    await store.markRejected("live", first, checker.email, "Wrong account");
    const mine = await store.listByMaker("live", maker.email, 10);
    const references = mine.map((request) => request.reference).filter((reference) => reference.startsWith("BR-"));
    expect(references.slice(0, 2)).toEqual(["BR-MINE-2", "BR-MINE-1"]);
    expect(references).not.toContain("BR-THEIRS");
    expect(mine.find((request) => request.reference === "BR-MINE-1")).toMatchObject({ status: "rejected", reason: "Wrong account" });
    expect(await store.listByMaker("live", maker.email, 1)).toHaveLength(1);
    expect((await store.listByMaker("test", maker.email, 10)).map((request) => request.reference)).not.toContain("BR-MINE-2");
  });

  it("sends nothing for a rejected request, needs its reason, and spends its reference", async () => {
    await setPolicy("BRL", null);
    const { pipeline, store } = instance("a");
    const { adapter, sent } = upstream();
    const id = await submitHeld(pipeline, adapter, payout("BR-NO", "10.00"));
    await expect(store.markRejected("live", id, checker.email, "")).rejects.toThrow();
    expect(await store.markRejected("live", id, maker.email, "mine")).toBeUndefined();
    expect(await store.markRejected("live", id, checker.email, "Wrong beneficiary")).toMatchObject({
      status: "rejected",
      reason: "Wrong beneficiary",
    });
    expect(await store.markApproved("live", id, "admin@demo.test")).toBeUndefined();
    expect(await ledgerRow("BR-NO")).toMatchObject({ state: "failed", code: "approval_rejected" });
    await expect(runMoneyWrite(pipeline, adapter, payout("BR-NO", "10.00"), ctxOf(maker))).rejects.toMatchObject({
      code: "reference_refused",
    });
    expect(sent).toEqual([]);
  });

  it("keeps a business refusal at approval final: nothing after it reaches the upstream", async () => {
    await setPolicy("BRL", null);
    const { pipeline, store } = instance("a");
    const refusal = new PaymentsApiError("no funds", {
      status: 422,
      code: "insufficient_balance",
      upstreamCode: "insufficient_balance",
      retryable: false,
    });
    const { adapter, sent } = upstream(() => Promise.reject(refusal));
    const id = await submitHeld(pipeline, adapter, payout("BR-POOR", "10.00"));
    await store.markApproved("live", id, checker.email);
    const stored = { reference: "BR-POOR", bytes: (await store.find("live", id))!.requestBody };
    await expect(sendApprovedWrite(pipeline, adapter, stored, ctxOf(checker))).rejects.toBe(refusal);
    expect(await ledgerRow("BR-POOR")).toMatchObject({ state: "failed", code: "insufficient_balance" });
    await expect(sendApprovedWrite(pipeline, adapter, stored, ctxOf(checker))).rejects.toMatchObject({ code: "reference_refused" });
    expect(sent).toHaveLength(1);
  });

  it("leaves held rows to their approval: the reconciler's query never returns one, however old", async () => {
    await setPolicy("BRL", null);
    const { pipeline } = instance("a");
    const { adapter } = upstream();
    await submitHeld(pipeline, adapter, payout("BR-WAIT", "10.00"));
    await database.db
      .updateTable("money_writes")
      .set({ updated_at: sql<Date>`now() - interval '2 days'`, boot_id: "old" })
      .execute();
    const unresolved = await pipeline.ledger.unresolved("live", { owner: { instanceId: "a", bootId: "new" }, graceMs: 1, limit: 100 });
    expect(unresolved.map((row) => row.reference)).not.toContain("BR-WAIT");
  });

  it("shows the beneficiary with the account masked", () => {
    expect(beneficiaryOf({ beneficiary: { accountName: "ADA OBI", accountNumber: "0123456789", bankName: "Test Bank" } })).toBe(
      "ADA OBI · ••••••6789 · Test Bank",
    );
  });
});
