// The rails' own adapters in the pipeline, with a stand-in client that logs each
// upstream call: the order of the steps, and what each rail adds (the NGN token
// check, Europe's approve, the virtual account's personal data).
import { beforeAll, describe, expect, it } from "vitest";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import { NO_HOOKS, type AuditEvent, type WriteHooks } from "@/lib/server/money-writes/hooks";
import { idempotencyKey } from "@/lib/server/money-writes/idempotency";
import { IN_FLIGHT_GRACE_MS } from "@/lib/server/money-writes/owner";
import { MemoryWriteLedger } from "@/lib/server/money-writes/ledger";
import { lookupWrite } from "@/lib/server/money-writes/write-lookup";
import { runMoneyWrite, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { europeApproveWrite } from "@/lib/server/money-writes/kinds/europe-approve";
import { ngnPayoutWrite } from "@/lib/server/money-writes/kinds/ngn-payout";
import { ngnVirtualAccountWrite } from "@/lib/server/money-writes/kinds/ngn-virtual-account";
import { payinWrite } from "@/lib/server/money-writes/kinds/region-payin";
import { payoutWrite } from "@/lib/server/money-writes/kinds/region-payout";
import * as fixtures from "../payments/fixtures";
import { stubDashboardEnv } from "../server/support/bff-harness";
import { loggingLedger } from "./logging-ledger";
import { VIRTUAL_ACCOUNT_FORM } from "../support/virtual-account-form";

// The configuration and database every rail's own stores use (the NGN token's secret, the
// Bangladesh pause, Europe's approvals); the upstream is the stand-in client below.
beforeAll(() => stubDashboardEnv("http://127.0.0.1:9"));

const actor = { id: "finance@demo.test", email: "finance@demo.test", role: "finance" };

/** A client whose every call is logged and answered by `answer` (a value, or an error to throw). */
function standInClient(log: string[], answer: (call: string, args: unknown[]) => unknown) {
  const handler = (path: string[]): ProxyHandler<object> => ({
    get: (_target, name) => new Proxy(() => undefined, handler([...path, String(name)])),
    // async: what `answer` throws becomes a rejected promise, as the real client's methods do.
    apply: async (_target, _this, args: unknown[]) => {
      const call = path.join(".");
      log.push(`upstream:${call}`);
      return answer(call, args);
    },
  });
  return new Proxy(() => undefined, handler([])) as unknown as PaymentsClient;
}

const context = (client: PaymentsClient, mode: "test" | "live" = "test"): WriteContext => ({
  client,
  mode,
  actor,
  requestId: "req-rails-1",
});
const brazilPayout = { body: { ...fixtures.brazilPayout, merchantReference: "BR-20261122-ORDER1" } };

describe("a rail's adapter in the pipeline", () => {
  it("records the intent before the upstream call, and the outcome after (Brazil payout)", async () => {
    const log: string[] = [];
    const hooks: WriteHooks = {
      policy: () => (log.push("policy"), Promise.resolve({ outcome: "allow" })),
      audit: (event) => (log.push(`audit:${event.phase}`), Promise.resolve()),
    };
    const client = standInClient(log, (_call, [body, options]) => {
      expect(options).toEqual({ idempotencyKey: idempotencyKey("test", "brazil-payout", "BR-20261122-ORDER1") });
      return { ...(body as object), transactionId: "tx_br_1", status: "pending", currency: "BRL" };
    });
    const ledger = loggingLedger(log);
    const payout = await runMoneyWrite({ ledger, hooks }, payoutWrite("brazil"), brazilPayout, context(client));

    expect(log).toEqual([
      "policy",
      "ledger.reserve:sent",
      "audit:intent",
      "ledger.claim",
      "upstream:brazil.createPayout",
      "ledger.record:answered",
      "audit:outcome",
    ]);
    expect(payout).toMatchObject({
      region: "brazil",
      transactionId: "tx_br_1",
      merchantReference: "BR-20261122-ORDER1",
      debitCurrency: "BRL",
    });
    expect(await ledger.find("test", "brazil-payout", "BR-20261122-ORDER1")).toMatchObject({
      state: "answered",
      transactionId: "tx_br_1",
      actor,
    });
  });

  it("sends nothing and reserves nothing after a policy refusal", async () => {
    const log: string[] = [];
    const hooks: WriteHooks = {
      ...NO_HOOKS,
      policy: () => Promise.resolve({ outcome: "refuse", code: "forbidden", message: "Needs a second approver." }),
    };
    const ledger = new MemoryWriteLedger();
    const client = standInClient(log, () => ({ transactionId: "tx_never" }));
    await expect(runMoneyWrite({ ledger, hooks }, payoutWrite("brazil"), brazilPayout, context(client))).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(log).toEqual([]);
    expect(await ledger.find("test", "brazil-payout", "BR-20261122-ORDER1")).toBeUndefined();
  });

  it("Bangladesh pay-ins: goodsInfo.id is the reference when given, else the reference beside the body", async () => {
    const keys: unknown[] = [];
    const client = standInClient(
      [],
      (_call, [, options]) => (keys.push(options), { transactionId: `tx_${keys.length}`, status: "pending" }),
    );
    const ledger = new MemoryWriteLedger();
    await runMoneyWrite(
      { ledger, hooks: NO_HOOKS },
      payinWrite("bangladesh"),
      { reference: "BD-20261122-AAAAAAAA", body: fixtures.bangladeshPayin },
      context(client),
    );
    const { id: _id, ...goodsWithoutId } = fixtures.bangladeshPayin.goodsInfo;
    const withoutId = { ...fixtures.bangladeshPayin, goodsInfo: goodsWithoutId };
    await runMoneyWrite(
      { ledger, hooks: NO_HOOKS },
      payinWrite("bangladesh"),
      { reference: "BD-20261122-BBBBBBBB", body: withoutId },
      context(client),
    );
    expect(keys).toEqual([
      { idempotencyKey: idempotencyKey("test", "bangladesh-payin", fixtures.bangladeshPayin.goodsInfo.id!) },
      { idempotencyKey: idempotencyKey("test", "bangladesh-payin", "BD-20261122-BBBBBBBB") },
    ]);
  });

  it("Europe's approve carries no key upstream: a refusal frees the reference, so approving once funded works", async () => {
    const log: string[] = [];
    const short = new PaymentsApiError("short of USDC", {
      status: 400,
      code: "insufficient_balance",
      upstreamCode: "insufficient_balance",
      retryable: false,
    });
    const answers: unknown[] = [short, { transactionId: "tx_eu_1", status: "pending", approvalStatus: "approved", requiresApproval: true }];
    const client = standInClient(log, () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    });
    const ledger = new MemoryWriteLedger();
    await expect(
      runMoneyWrite({ ledger, hooks: NO_HOOKS }, europeApproveWrite, { transactionId: "tx_eu_1" }, context(client)),
    ).rejects.toBe(short);
    expect(await ledger.find("test", "europe-approve", "tx_eu_1")).toBeUndefined();
    const approved = await runMoneyWrite({ ledger, hooks: NO_HOOKS }, europeApproveWrite, { transactionId: "tx_eu_1" }, context(client));
    expect(approved).toMatchObject({ transactionId: "tx_eu_1", approvalStatus: "approved" });
    expect(log).toEqual(["upstream:europe.approvePayout", "upstream:europe.approvePayout"]);
  });

  it("the virtual account's BVN and birth date never reach the ledger, even while its outcome is unknown", async () => {
    const lost = new PaymentsApiError("timeout", { status: 0, code: "upstream", retryable: true });
    const client = standInClient([], () => {
      throw lost;
    });
    const ledger = new MemoryWriteLedger();
    const form = VIRTUAL_ACCOUNT_FORM;
    const write = runMoneyWrite(
      { ledger, hooks: NO_HOOKS },
      ngnVirtualAccountWrite,
      { ...form, reference: "VA-20261122-AAAAAAAA" },
      context(client, "live"),
    );
    await expect(write).rejects.toBe(lost);
    const record = await ledger.find("live", "ngn-va", "VA-20261122-AAAAAAAA");
    expect(record).toMatchObject({ state: "unknown", requestBody: null });
    expect(JSON.stringify(record)).not.toMatch(/12345678901|1990-05-17/);
  });
});

describe("the NGN payout rail", () => {
  it("refuses a beneficiary our name enquiry did not resolve before anything is reserved or sent", async () => {
    const log: string[] = [];
    const ledger = new MemoryWriteLedger();
    const body = { ...fixtures.nigeriaPayout("1500.00"), merchantReference: "NGN-20261122-FORGED00", beneficiaryToken: "forged" };
    const write = runMoneyWrite(
      { ledger, hooks: NO_HOOKS },
      ngnPayoutWrite,
      body,
      context(
        standInClient(log, () => ({})),
        "live",
      ),
    );
    await expect(write).rejects.toMatchObject({ code: "validation", extra: { fields: { beneficiaryToken: [expect.any(String)] } } });
    expect(log).toEqual([]);
    expect(await ledger.find("live", "ngn-payout", "NGN-20261122-FORGED00")).toBeUndefined();
  });

  // The spec does not say the list is newest first: "not created" must not rest on that order.
  it("reads an out-of-order payouts list to its end before it says a sent write was not created", async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    /** How a payout opens by its id: this write's for tx_mine, another's else; `broken` ids cannot be read, `gone` ones are 404. */
    const lookUp = async (
      rows: { id: string; rail: string; createdAt: string }[],
      unreadable: { id: string | null }[] = [],
      { broken = [], gone = [] }: { broken?: string[]; gone?: string[] } = {},
    ) => {
      const client = standInClient([], (call, [arg]) => {
        if (call === "listTransactions") return { items: rows, unreadable, total: rows.length + unreadable.length };
        if (broken.includes(arg as string))
          throw new PaymentsApiError("unreadable 200 response", { status: 200, code: "upstream", retryable: false });
        if (gone.includes(arg as string)) throw new PaymentsApiError("not found", { status: 404, code: "not_found", retryable: false });
        return { transactionId: arg, status: "pending", merchantReference: arg === "tx_mine" ? "NGN-UNORDERED" : "other" };
      });
      let clock = new Date(now);
      const ledger = new MemoryWriteLedger(() => clock);
      await ledger.reserve({
        environment: "live",
        rail: "ngn-payout",
        idempotencyKey: "k",
        fingerprint: "f",
        actor,
        requestBody: null,
        reference: "NGN-UNORDERED",
      });
      await ledger.record("live", "ngn-payout", "NGN-UNORDERED", { state: "unknown", code: "upstream", upstreamStatus: null });
      // Quiet past the grace: a write the search does not find is then not created (lookup.ts).
      clock = new Date(now + IN_FLIGHT_GRACE_MS + 1_000);
      return lookupWrite({ ledger, hooks: NO_HOOKS }, ngnPayoutWrite, "NGN-UNORDERED", context(client, "live"));
    };
    const old = { id: "tx_old", rail: "nigeria", createdAt: at(now - 86_400_000) };
    const mine = { id: "tx_mine", rail: "nigeria", createdAt: at(now + 1_000) };
    const newer = { id: "tx_newer", rail: "nigeria", createdAt: at(now + 2_000) };
    // Out of order: the old row comes first, the write further down.
    expect(await lookUp([newer, old, mine])).toEqual({ state: "created", transactionId: "tx_mine" });
    // Newest first: the old row ends the search, as before.
    expect(await lookUp([newer, old])).toEqual({ state: "not_found" });
    // A row the client could not read in the list is opened as a payout by its id.
    expect(await lookUp([newer, old], [{ id: "tx_mine" }])).toEqual({ state: "created", transactionId: "tx_mine" });
    expect(await lookUp([newer, old], [{ id: "tx_others" }])).toEqual({ state: "not_found" });
    expect(await lookUp([newer, old], [{ id: "tx_payin" }], { gone: ["tx_payin"] })).toEqual({ state: "not_found" });
    // Unreadable there too, or without an id: it could be the write, so never "not created" past it; a person decides.
    expect(await lookUp([newer, old], [{ id: "tx_garbled" }], { broken: ["tx_garbled"] })).toEqual({ state: "unknown" });
    expect(await lookUp([newer, old], [{ id: null }])).toEqual({ state: "unknown" });
    expect(await lookUp([newer, old, mine], [{ id: null }])).toEqual({ state: "created", transactionId: "tx_mine" });
  });

  it("looks a sent write up by the ledger's id first, then among the Nigeria payouts since it, past the old 25", async () => {
    const log: string[] = [];
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: `tx_${i}`, rail: "nigeria" }));
    const client = standInClient(log, (call, [arg]) =>
      call === "listTransactions"
        ? { items: rows, unreadable: [] }
        : { transactionId: arg, status: "pending", merchantReference: arg === "tx_29" ? "NGN-LOST" : "other" },
    );
    const ledger = new MemoryWriteLedger();
    const intent = { environment: "live", rail: "ngn-payout", idempotencyKey: "k", fingerprint: "f", actor, requestBody: null } as const;
    // Never reserved in the ledger: this console never sent it, so nothing is asked upstream.
    expect(await lookupWrite({ ledger, hooks: NO_HOOKS }, ngnPayoutWrite, "NGN-LOST", context(client, "live"))).toEqual({
      state: "not_found",
    });
    expect(log).toEqual([]);
    // Sent from here and unanswered: the payouts are opened down to the write's own time (the 30th here), and the find is recorded.
    await ledger.reserve({ ...intent, reference: "NGN-LOST" });
    await ledger.record("live", "ngn-payout", "NGN-LOST", { state: "unknown", code: "upstream", upstreamStatus: null });
    const audits: AuditEvent[] = [];
    const hooks: WriteHooks = { ...NO_HOOKS, audit: (event) => (audits.push(event), Promise.resolve()) };
    const colleague = { id: "u-9", email: "fin9@demo.test", role: "finance" };
    expect(await lookupWrite({ ledger, hooks }, ngnPayoutWrite, "NGN-LOST", { ...context(client, "live"), actor: colleague })).toEqual({
      state: "created",
      transactionId: "tx_29",
    });
    expect(await ledger.find("live", "ngn-payout", "NGN-LOST")).toMatchObject({ state: "answered", transactionId: "tx_29" });
    // The trail learns the outcome too, under whoever checked, with the id its link searches by.
    expect(audits).toMatchObject([
      { phase: "outcome", via: "lookup", by: colleague, record: { state: "answered", transactionId: "tx_29", actor } },
    ]);
    log.length = 0;
    expect(await lookupWrite({ ledger, hooks }, ngnPayoutWrite, "NGN-LOST", context(client, "live"))).toEqual({
      state: "created",
      transactionId: "tx_29",
    });
    expect(log).toEqual([]);
    // Already answered in the ledger: nothing new to record.
    expect(audits).toHaveLength(1);
  });
});
