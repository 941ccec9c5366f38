import { describe, expect, it, vi } from "vitest";
import { PaymentsApiError } from "@/lib/payments/errors";
import { ApiError } from "@/lib/server/api-error";
import { NO_HOOKS, type AuditEvent, type WriteHooks } from "@/lib/server/money-writes/hooks";
import { bodyFingerprint, idempotencyKey } from "@/lib/server/money-writes/idempotency";
import { IN_FLIGHT_GRACE_MS } from "@/lib/server/money-writes/owner";
import { MemoryWriteLedger, type WriteRecord } from "@/lib/server/money-writes/ledger";
import { lookupWrite } from "@/lib/server/money-writes/write-lookup";
import { runMoneyWrite, type WriteAdapter, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { loggingLedger } from "./logging-ledger";

type Input = { merchantReference: string; amount: string };
type Answer = { transactionId: string };

const ctx = { mode: "live", actor: { id: "u1", email: "fin@demo.test", role: "finance" }, requestId: "req-12345678" } as WriteContext;

/** An adapter whose upstream is a script: each send takes the next step. */
function scriptedAdapter(steps: Array<(key: string) => Promise<Answer>>, log: string[]) {
  const sent: Array<{ key: string; body: string }> = [];
  const adapter: WriteAdapter<Input, Input, Answer, Answer> = {
    rail: "brazil-payout",
    reference: (input) => input.merchantReference,
    prepare: (input) => ({ ...input }),
    send: (body, key) => {
      log.push("send");
      sent.push({ key, body: JSON.stringify(body) });
      const step = steps.shift();
      if (!step) throw new Error("no more scripted answers");
      return step(key);
    },
    transactionId: (answer) => answer.transactionId,
    present: (answer) => answer,
  };
  return { adapter, sent };
}

const created = (id: string) => () => Promise.resolve({ transactionId: id });
const refused = (code: string) => () =>
  Promise.reject(new PaymentsApiError("refused", { status: 400, code: "validation", upstreamCode: code, retryable: false }));
const dropped = () => () => Promise.reject(new PaymentsApiError("socket hang up", { status: 0, code: "upstream", retryable: true }));
const invalidBody = () => () => Promise.reject(new PaymentsApiError("bad body", { status: 400, code: "validation", retryable: false }));

/** A Brazil payout reserved and being sent, as another instance (or a process since gone) leaves it. */
const reserveSending = (ledger: MemoryWriteLedger, reference: string, body: string) =>
  ledger.reserve({
    environment: "live",
    rail: "brazil-payout",
    reference,
    idempotencyKey: idempotencyKey("live", "brazil-payout", reference),
    fingerprint: bodyFingerprint(body),
    actor: ctx.actor,
    requestBody: body,
    sending: true,
  });

describe("the money-write pipeline", () => {
  it("reserves a new write as sent in one step; every send checks right before that the row is still its own, and a check that fails sends nothing", async () => {
    const order: string[] = [];
    let claimFails = false;
    class FlakyClaim extends MemoryWriteLedger {
      override record(...args: Parameters<MemoryWriteLedger["record"]>) {
        order.push(`record:${args[3].state}`);
        return super.record(...args);
      }
      override claim(seen: WriteRecord) {
        order.push("claim");
        return claimFails ? Promise.reject(new Error("database hiccup")) : super.claim(seen);
      }
    }
    const { adapter, sent } = scriptedAdapter([dropped(), created("tx_mark")], order);
    const ledger = new FlakyClaim();
    const input = { merchantReference: "BR-MARK", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toThrow("socket hang up");
    // New: reserved as sent (no separate mark), then still its own right before the send.
    expect(order).toEqual(["claim", "record:sent", "send", "record:unknown"]);
    order.length = 0;
    claimFails = true;
    // "Check again" while the database hiccups: nothing is sent, the row keeps what it knew.
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toThrow("database hiccup");
    expect(order).toEqual(["claim"]);
    expect(sent).toHaveLength(1);
    expect(await ledger.find("live", "brazil-payout", "BR-MARK")).toMatchObject({ state: "unknown" });
    order.length = 0;
    claimFails = false;
    expect(await runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).toEqual({ transactionId: "tx_mark" });
    expect(order).toEqual(["claim", "record:sent", "claim", "record:sent", "send", "record:answered"]);
    expect(await ledger.find("live", "brazil-payout", "BR-MARK")).toMatchObject({ state: "answered", transactionId: "tx_mark" });
  });

  // Two requests re-sending one unanswered write at once (two tabs, two instances): one claims
  // the row and sends; the other sends nothing.
  it("sends a write once when two re-sends of it race, and the other is told it is in flight", async () => {
    const ledger = new MemoryWriteLedger();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { adapter, sent } = scriptedAdapter([dropped(), () => held.then(() => ({ transactionId: "tx_race" }))], []);
    const input = { merchantReference: "BR-RACE", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    // What another instance read before this one claimed it: the row as it stood, unknown.
    const seen = (await ledger.find("live", "brazil-payout", "BR-RACE"))!;
    const first = runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(await ledger.claim(seen)).toBeUndefined();
    release();
    await expect(first).resolves.toEqual({ transactionId: "tx_race" });
    expect(sent).toHaveLength(2);
  });

  it("never demotes an answered write: an outcome learnt elsewhere stands against a send that then fails", async () => {
    const ledger = new MemoryWriteLedger();
    const { adapter } = scriptedAdapter([created("tx_ans")], []);
    await runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, { merchantReference: "BR-ANS", amount: "10.00" }, ctx);
    const after = await ledger.record("live", "brazil-payout", "BR-ANS", { state: "unknown", code: "upstream", upstreamStatus: null });
    expect(after).toMatchObject({ state: "answered", transactionId: "tx_ans" });
  });

  it("records the intent before anything reaches the upstream, and the outcome after", async () => {
    const log: string[] = [];
    const audits: AuditEvent[] = [];
    const hooks: WriteHooks = {
      policy: () => (log.push("policy"), Promise.resolve({ outcome: "allow" })),
      audit: (event) => (log.push(`audit:${event.phase}`), audits.push(event), Promise.resolve()),
    };
    const { adapter, sent } = scriptedAdapter([created("tx_1")], log);
    const result = await runMoneyWrite({ ledger: loggingLedger(log), hooks }, adapter, { merchantReference: "BR-1", amount: "10.00" }, ctx);

    expect(result).toEqual({ transactionId: "tx_1" });
    expect(log).toEqual([
      "policy",
      "ledger.reserve:sent",
      "audit:intent",
      "ledger.claim",
      "send",
      "ledger.record:answered",
      "audit:outcome",
    ]);
    expect(sent).toEqual([{ key: idempotencyKey("live", "brazil-payout", "BR-1"), body: '{"merchantReference":"BR-1","amount":"10.00"}' }]);
    expect(audits.at(-1)?.record).toMatchObject({ state: "answered", transactionId: "tx_1", requestBody: null, actor: ctx.actor });
  });

  it("reserves nothing and sends nothing after a policy refusal", async () => {
    const log: string[] = [];
    const ledger = new MemoryWriteLedger();
    const hooks: WriteHooks = {
      ...NO_HOOKS,
      policy: () => Promise.resolve({ outcome: "refuse", code: "forbidden", message: "Needs a second approver." }),
    };
    const { adapter, sent } = scriptedAdapter([created("tx_1")], log);
    await expect(runMoneyWrite({ ledger, hooks }, adapter, { merchantReference: "BR-2", amount: "10.00" }, ctx)).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(sent).toEqual([]);
    expect(await ledger.find("live", "brazil-payout", "BR-2")).toBeUndefined();
  });

  it("makes a business refusal final: the same reference is refused without a second send", async () => {
    const ledger = new MemoryWriteLedger();
    const { adapter, sent } = scriptedAdapter([refused("limit_exceeded"), created("tx_never")], []);
    const input = { merchantReference: "BR-3", amount: "10.00" };
    // Said as final, not as fields to fix under the same reference (which the next send would meet as refused).
    const first = runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx);
    await expect(first).rejects.toBeInstanceOf(ApiError);
    await expect(first).rejects.toMatchObject({
      code: "upstream_refused",
      status: 422,
      message: expect.stringContaining("(limit_exceeded)"),
    });
    expect(await ledger.find("live", "brazil-payout", "BR-3")).toMatchObject({
      state: "failed",
      code: "limit_exceeded",
      requestBody: null,
    });

    const again = runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx);
    await expect(again).rejects.toBeInstanceOf(ApiError);
    await expect(again).rejects.toMatchObject({ code: "reference_refused" });
    expect(sent).toHaveLength(1);
  });

  it("marks a dropped answer unknown, and 'check again' re-sends the same key and bytes for exactly one payment", async () => {
    const ledger = new MemoryWriteLedger();
    const created_: string[] = [];
    // The upstream commits the first send but the answer is lost; the replay returns the first answer.
    const upstream = (key: string) => {
      if (!created_.includes(key)) created_.push(key);
      return Promise.resolve({ transactionId: `tx_${created_.indexOf(key)}` });
    };
    const { adapter, sent } = scriptedAdapter([(key) => upstream(key).then(() => dropped()()), upstream], []);
    const input = { merchantReference: "BR-4", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    const unknown = await ledger.find("live", "brazil-payout", "BR-4");
    expect(unknown).toMatchObject({ state: "unknown", code: "upstream" });
    expect(unknown?.requestBody).toBe(sent[0]!.body);

    const checked = await runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx);
    expect(checked).toEqual({ transactionId: "tx_0" });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(created_).toHaveLength(1);
    expect(await ledger.find("live", "brazil-payout", "BR-4")).toMatchObject({
      state: "answered",
      transactionId: "tx_0",
      requestBody: null,
    });
  });

  it("refuses a reference already used with other bytes", async () => {
    const ledger = new MemoryWriteLedger();
    const { adapter, sent } = scriptedAdapter([created("tx_5")], []);
    await runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, { merchantReference: "BR-5", amount: "10.00" }, ctx);
    await expect(
      runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, { merchantReference: "BR-5", amount: "11.00" }, ctx),
    ).rejects.toMatchObject({
      code: "reference_in_use",
    });
    expect(sent).toHaveLength(1);
  });

  it("frees the reference when the API refused the body before storing it, and says so in the trail", async () => {
    const ledger = new MemoryWriteLedger();
    const audits: AuditEvent[] = [];
    const hooks: WriteHooks = { ...NO_HOOKS, audit: (event) => (audits.push(event), Promise.resolve()) };
    const { adapter, sent } = scriptedAdapter([invalidBody(), created("tx_6")], []);
    await expect(runMoneyWrite({ ledger, hooks }, adapter, { merchantReference: "BR-6", amount: "0" }, ctx)).rejects.toBeInstanceOf(
      PaymentsApiError,
    );
    expect(await ledger.find("live", "brazil-payout", "BR-6")).toBeUndefined();
    expect(audits.map((event) => [event.phase, event.freed ?? false, event.record.code, event.record.upstreamStatus])).toEqual([
      ["intent", false, null, null],
      ["outcome", true, "validation", 400],
    ]);
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, { merchantReference: "BR-6", amount: "10.00" }, ctx)).resolves.toEqual(
      {
        transactionId: "tx_6",
      },
    );
    expect(sent).toHaveLength(2);
  });

  it("keeps a write whose first answer was lost when 'check again' is refused before the API kept it", async () => {
    const ledger = new MemoryWriteLedger();
    // The first send may have created the payment; the re-send meets our own credentials refused (a clock off).
    const unauthorized = () => () => Promise.reject(new PaymentsApiError("clock", { status: 401, code: "unauthorized", retryable: false }));
    const { adapter, sent } = scriptedAdapter([dropped(), unauthorized(), created("tx_9")], []);
    const input = { merchantReference: "BR-9", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toMatchObject({ code: "unauthorized" });
    // Still unknown, with the bytes to send again: not freed, not forgotten by the reconciler.
    expect(await ledger.find("live", "brazil-payout", "BR-9")).toMatchObject({
      state: "unknown",
      code: "upstream",
      requestBody: sent[0]!.body,
    });
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).resolves.toEqual({ transactionId: "tx_9" });
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key, sent[0]!.key]);
  });

  // A row left `sent` by a process that died is claimed for "check again"; put back as `sent`
  // after the re-send was refused, it read as a send in flight for the whole grace.
  it("puts a quiet sent write back as unknown when its re-send is refused before the API looked, so 'check again' can go on", async () => {
    let now = new Date("2026-11-28T10:00:00Z");
    const ledger = new MemoryWriteLedger(() => now);
    const unauthorized = () => () => Promise.reject(new PaymentsApiError("clock", { status: 401, code: "unauthorized", retryable: false }));
    const { adapter, sent } = scriptedAdapter([unauthorized(), created("tx_q")], []);
    const input = { merchantReference: "BR-Q", amount: "10.00" };
    const body = JSON.stringify(input);
    await reserveSending(ledger, "BR-Q", body);
    now = new Date(now.getTime() + IN_FLIGHT_GRACE_MS + 1_000);
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toMatchObject({ code: "unauthorized" });
    expect(await ledger.find("live", "brazil-payout", "BR-Q")).toMatchObject({ state: "unknown", code: "interrupted", requestBody: body });
    // At once, not a grace later: the row is not read as in flight.
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).resolves.toEqual({ transactionId: "tx_q" });
    expect(sent.map((s) => s.body)).toEqual([body, body]);
  });

  // The market's gate answers before the API looks at the key (§1 rule 8): a re-send it refuses
  // says nothing of the first send, and marking the write failed let "start again" send it twice.
  it("keeps a write whose first answer was lost when 'check again' meets the market's gate closed since", async () => {
    const ledger = new MemoryWriteLedger();
    const gateClosed = () => () =>
      Promise.reject(new PaymentsApiError("gate", { status: 403, code: "market_not_enabled", retryable: false }));
    const { adapter } = scriptedAdapter([dropped(), gateClosed(), created("tx_10")], []);
    const input = { merchantReference: "BR-10", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toMatchObject({ code: "market_not_enabled" });
    expect(await ledger.find("live", "brazil-payout", "BR-10")).toMatchObject({ state: "unknown", code: "upstream" });
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).resolves.toEqual({ transactionId: "tx_10" });
  });

  // The ledger re-sends one body per key, so the API's 409 cannot mean "another body": the write may exist.
  it("keeps a write unknown when the API answers 409 for its key, and 'check again' then gets its answer", async () => {
    const ledger = new MemoryWriteLedger();
    const keyInUse = () => () =>
      Promise.reject(new PaymentsApiError("in use", { status: 409, code: "idempotency_conflict", retryable: false }));
    const { adapter, sent } = scriptedAdapter([keyInUse(), created("tx_12")], []);
    const input = { merchantReference: "BR-12", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toMatchObject({ code: "idempotency_conflict" });
    expect(await ledger.find("live", "brazil-payout", "BR-12")).toMatchObject({
      state: "unknown",
      code: "idempotency_conflict",
      upstreamStatus: 409,
    });
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).resolves.toEqual({ transactionId: "tx_12" });
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it("sends nothing and frees the reference when the trail cannot take the intent", async () => {
    const ledger = new MemoryWriteLedger();
    const { adapter, sent } = scriptedAdapter([created("tx_11")], []);
    const input = { merchantReference: "BR-11", amount: "10.00" };
    const trailDown: WriteHooks = { ...NO_HOOKS, audit: () => Promise.reject(new Error("audit_log: connection refused")) };
    await expect(runMoneyWrite({ ledger, hooks: trailDown }, adapter, input, ctx)).rejects.toThrow("connection refused");
    expect(sent).toHaveLength(0);
    expect(await ledger.find("live", "brazil-payout", "BR-11")).toBeUndefined();
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).resolves.toEqual({ transactionId: "tx_11" });
  });

  // An unanswered approval or payout may be sent again by someone else: the trail names who sent
  // each time, not only who reserved the reference.
  it("records an intent for every re-send, under the staff member who sent it, and how a refused re-send ended", async () => {
    const ledger = new MemoryWriteLedger();
    const audits: AuditEvent[] = [];
    const hooks: WriteHooks = { ...NO_HOOKS, audit: (event) => (audits.push(event), Promise.resolve()) };
    const gateClosed = () => () =>
      Promise.reject(new PaymentsApiError("gate", { status: 403, code: "market_not_enabled", retryable: false }));
    const { adapter } = scriptedAdapter([dropped(), gateClosed(), created("tx_13")], []);
    const input = { merchantReference: "BR-13", amount: "10.00" };
    const colleague = { ...ctx, actor: { id: "u2", email: "fin2@demo.test", role: "finance" }, requestId: "req-2" };
    await expect(runMoneyWrite({ ledger, hooks }, adapter, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    await expect(runMoneyWrite({ ledger, hooks }, adapter, input, colleague)).rejects.toMatchObject({ code: "market_not_enabled" });
    await expect(runMoneyWrite({ ledger, hooks }, adapter, input, colleague)).resolves.toEqual({ transactionId: "tx_13" });
    expect(
      audits.map((event) => [
        event.phase,
        event.resend ?? false,
        event.kept ?? false,
        "id" in event.by ? event.by.id : null,
        event.record.code,
      ]),
    ).toEqual([
      ["intent", false, false, "u1", null],
      ["outcome", false, false, "u1", "upstream"],
      ["intent", true, false, "u2", "upstream"],
      ["outcome", false, true, "u2", "market_not_enabled"],
      ["intent", true, false, "u2", "upstream"],
      ["outcome", false, false, "u2", null],
    ]);
    // The row still names who reserved it.
    expect(audits.at(-1)?.record).toMatchObject({ state: "answered", actor: ctx.actor });
  });

  it("sends nothing again when the trail cannot take a re-send's intent, and the row keeps what it knew", async () => {
    const ledger = new MemoryWriteLedger();
    const { adapter, sent } = scriptedAdapter([dropped(), created("tx_14")], []);
    const input = { merchantReference: "BR-14", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    const trailDown: WriteHooks = { ...NO_HOOKS, audit: () => Promise.reject(new Error("audit_log: connection refused")) };
    await expect(runMoneyWrite({ ledger, hooks: trailDown }, adapter, input, ctx)).rejects.toThrow("connection refused");
    expect(sent).toHaveLength(1);
    expect(await ledger.find("live", "brazil-payout", "BR-14")).toMatchObject({
      state: "unknown",
      code: "upstream",
      requestBody: sent[0]!.body,
    });
  });

  // Another instance's send is invisible to this process's join: a second send beside it could
  // reach the API while the first is processed, and the two answers overwrite each other in the row.
  it("sends nothing while another instance's send of the same write is in flight, and sends it once that one has gone quiet", async () => {
    let now = new Date("2026-11-28T10:00:00Z");
    const ledger = new MemoryWriteLedger(() => now);
    const { adapter, sent } = scriptedAdapter([created("tx_15")], []);
    const input = { merchantReference: "BR-15", amount: "10.00" };
    const body = JSON.stringify(input);
    // What another instance reserved a moment ago and is sending now.
    await reserveSending(ledger, "BR-15", body);
    vi.useFakeTimers({ now: new Date(now.getTime() + 1_000), toFake: ["Date"] });
    try {
      await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toMatchObject({ code: "write_in_flight" });
      expect(sent).toHaveLength(0);
      expect(await ledger.find("live", "brazil-payout", "BR-15")).toMatchObject({ state: "sent" });
      // Past the grace no process is sending it (a crash): "check again" sends the same bytes.
      vi.setSystemTime(new Date(now.getTime() + IN_FLIGHT_GRACE_MS + 1_000));
      now = new Date(Date.now());
      await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).resolves.toEqual({ transactionId: "tx_15" });
      expect(sent.map((s) => s.body)).toEqual([body]);
    } finally {
      vi.useRealTimers();
    }
  });

  // A process stalled past the grace between reserving and sending (a frozen VM, the trail's lock
  // held) found its write taken over, here settled by the reconciler, and sent it all the same.
  it("sends nothing when its write was taken over while it stalled before the send, and leaves the row to its new holder", async () => {
    let now = new Date("2026-11-28T10:00:00Z");
    const ledger = new MemoryWriteLedger(() => now);
    const audits: AuditEvent[] = [];
    const hooks: WriteHooks = {
      ...NO_HOOKS,
      audit: async (event) => {
        audits.push(event);
        if (event.phase !== "intent") return;
        now = new Date(now.getTime() + IN_FLIGHT_GRACE_MS + 1_000);
        const seen = await ledger.find("live", "brazil-payout", "BR-STALL");
        expect(await ledger.settle(seen!, { state: "unknown", code: "interrupted", upstreamStatus: null })).toBeDefined();
      },
    };
    const { adapter, sent } = scriptedAdapter([created("tx_never")], []);
    const input = { merchantReference: "BR-STALL", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks }, adapter, input, ctx)).rejects.toMatchObject({ code: "write_in_flight" });
    expect(sent).toHaveLength(0);
    expect(await ledger.find("live", "brazil-payout", "BR-STALL")).toMatchObject({ state: "unknown", code: "interrupted" });
    expect(audits.map((event) => [event.phase, event.kept ?? false, event.record.code])).toEqual([
      ["intent", false, null],
      ["outcome", true, "write_in_flight"],
    ]);
  });

  // The search may not list a payout the API is still processing after our send gave up.
  it("says a write with no answer is unknown, not 'not created', until it has been quiet for the grace", async () => {
    let now = new Date("2026-11-28T10:00:00Z");
    const ledger = new MemoryWriteLedger(() => now);
    const { adapter } = scriptedAdapter([dropped()], []);
    const searching = { ...adapter, find: () => Promise.resolve({ state: "absent" as const }) };
    const input = { merchantReference: "BR-SLOW", amount: "10.00" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, searching, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    expect(await lookupWrite({ ledger, hooks: NO_HOOKS }, searching, "BR-SLOW", ctx)).toEqual({ state: "unknown" });
    now = new Date(now.getTime() + IN_FLIGHT_GRACE_MS + 1_000);
    expect(await lookupWrite({ ledger, hooks: NO_HOOKS }, searching, "BR-SLOW", ctx)).toEqual({ state: "not_found" });
  });

  it("keeps an answered write answered when its replay gets no answer", async () => {
    const ledger = new MemoryWriteLedger();
    const { adapter } = scriptedAdapter([created("tx_16"), dropped()], []);
    const input = { merchantReference: "BR-16", amount: "10.00" };
    await runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx);
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    expect(await ledger.find("live", "brazil-payout", "BR-16")).toMatchObject({ state: "answered", transactionId: "tx_16" });
  });

  // The virtual account's body holds a BVN beside fields an attacker may know: a plain hash of it
  // in the ledger would leave only 10^11 BVNs to try.
  it("stores a personal body's fingerprint salted and slow, and still knows the same body from another", async () => {
    const ledger = new MemoryWriteLedger();
    const { adapter, sent } = scriptedAdapter([dropped(), created("tx_17")], []);
    const personal = { ...adapter, keepsRequestBody: false };
    const input = { merchantReference: "VA-17", amount: "12345678901" };
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, personal, input, ctx)).rejects.toBeInstanceOf(PaymentsApiError);
    const row = await ledger.find("live", "brazil-payout", "VA-17");
    expect(row).toMatchObject({ state: "unknown", requestBody: null, fingerprint: expect.stringMatching(/^scrypt:/) });
    expect(row?.fingerprint).not.toContain(bodyFingerprint(sent[0]!.body));
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, personal, { ...input, amount: "12345678902" }, ctx)).rejects.toMatchObject({
      code: "reference_in_use",
    });
    await expect(runMoneyWrite({ ledger, hooks: NO_HOOKS }, personal, input, ctx)).resolves.toEqual({ transactionId: "tx_17" });
    expect(sent.map((s) => s.body)).toEqual([sent[0]!.body, sent[0]!.body]);
  });

  it("joins identical concurrent submissions onto one upstream call", async () => {
    const ledger = new MemoryWriteLedger();
    let release!: (answer: Answer) => void;
    const { adapter, sent } = scriptedAdapter([() => new Promise<Answer>((resolve) => (release = resolve))], []);
    const input = { merchantReference: "BR-7", amount: "10.00" };
    const first = runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx);
    await expect.poll(() => sent.length).toBe(1);
    const second = runMoneyWrite({ ledger, hooks: NO_HOOKS }, adapter, input, ctx);
    release({ transactionId: "tx_7" });
    expect(await Promise.all([first, second])).toEqual([{ transactionId: "tx_7" }, { transactionId: "tx_7" }]);
    expect(sent).toHaveLength(1);
  });

  it("keys derive from environment, rail and reference only", () => {
    const key = idempotencyKey("live", "ngn-payout", "NGN-20261122-ABC");
    expect(key).toBe(idempotencyKey("live", "ngn-payout", "NGN-20261122-ABC"));
    expect(key).not.toBe(idempotencyKey("test", "ngn-payout", "NGN-20261122-ABC"));
    expect(key).not.toBe(idempotencyKey("live", "brazil-payout", "NGN-20261122-ABC"));
    expect(key).not.toBe(idempotencyKey("live", "ngn-payout", "NGN-20261122-ABD"));
    expect(key).toMatch(/^ngn-payout:live:[0-9a-f]{64}$/);
  });
});
