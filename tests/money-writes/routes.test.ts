// The pipeline through the BFF's own routes, against the real simulator: a
// business refusal is final, and a write whose answer was lost is `unknown`
// until "check again" (the same reviewed body and reference) creates it once.
import Decimal from "decimal.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newReference } from "@/lib/references";
import { cookieJar } from "../server/support/cookie-jar";
import { call, signInWithFactor, stubDashboardEnv } from "../server/support/bff-harness";
import { bootSimulator, control, type RunningSimulator } from "../server/support/simulator";

vi.mock("next/headers", () => import("../server/support/next-headers-mock"));

const { PUT: setMode } = await import("@/app/api/session/mode/route");
const { POST: verifyAccount } = await import("@/app/api/nigeria/verify-account/route");
const { POST: createNigeriaPayout } = await import("@/app/api/nigeria/payouts/route");
const { GET: lookupNigeriaPayout } = await import("@/app/api/nigeria/payouts/lookup/route");
const { POST: createPayin } = await import("@/app/api/payins/[region]/route");
const { GET: lookupPayin } = await import("@/app/api/payins/[region]/lookup/route");
const { moneyWrites } = await import("@/lib/server/money-writes/process-store");

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await bootSimulator();
  await stubDashboardEnv(sim.url);
  cookieJar.clear();
  await signInWithFactor("finance@demo.test");
});

afterAll(async () => {
  await sim?.close();
});

afterEach(async () => {
  await control(sim, "DELETE", "/_sim/faults");
});

const useMode = async (mode: "test" | "live") =>
  expect((await call(setMode, "PUT", "/api/session/mode", { body: { mode } })).status).toBe(200);
const simPayoutsWith = async (reference: string) =>
  (
    (await control(sim, "GET", "/_sim/payouts?env=live&rail=nigeria")) as { items: { transactionId: string; merchantReference?: string }[] }
  ).items.filter((payout) => payout.merchantReference === reference);
const ngnAvailable = async () =>
  ((await control(sim, "GET", "/_sim/state?env=live")) as { pockets: { currency: string; availableBalance: string }[] }).pockets.find(
    (p) => p.currency === "NGN",
  )!.availableBalance;

describe("NGN payouts", () => {
  let payout: (amount: string, merchantReference: string) => Record<string, unknown>;
  const send = (body: Record<string, unknown>) => call(createNigeriaPayout, "POST", "/api/nigeria/payouts", { body });
  const lookup = (reference: string) =>
    call(lookupNigeriaPayout, "GET", `/api/nigeria/payouts/lookup?${new URLSearchParams({ reference })}`);

  beforeAll(async () => {
    await useMode("live");
    const verified = await call(verifyAccount, "POST", "/api/nigeria/verify-account", {
      body: { bankCode: "058", accountNumber: "0123456789" },
    });
    expect(verified.status).toBe(200);
    const { token, ...beneficiary } = verified.json as {
      token: string;
      bankCode: string;
      accountNumber: string;
      accountName: string;
      bankName: string;
    };
    payout = (amount, merchantReference) => ({ amount, merchantReference, beneficiary, beneficiaryToken: token });
  });

  it("a business refusal is final: the same reference is refused with 409 and nothing is sent", async () => {
    // Drain the NGN pocket below 4,000,000 (one payout is at most 5,000,000).
    for (let round = 0; new Decimal(await ngnAvailable()).gte("4000000"); round += 1) {
      const drain = Decimal.min(new Decimal(await ngnAvailable()).minus("1000"), "5000000").toFixed(2);
      expect((await send(payout(drain, newReference("NGN")))).status).toBe(200);
    }
    const reference = newReference("NGN");
    const refused = await send(payout("4000000", reference));
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe("insufficient_balance");

    // Anything that reached the upstream now would be answered 503 and use up this fault.
    await control(sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 503, path: "/v1/ngn/payouts" } });
    const again = await send(payout("4000000", reference));
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("reference_refused");
    expect(((await control(sim, "GET", "/_sim/faults")) as { failNext: { count: number } | null }).failNext?.count).toBe(1);
    expect(await simPayoutsWith(reference)).toEqual([]);
    expect((await lookup(reference)).json).toEqual({ state: "failed", code: "insufficient_balance" });
  });

  it("a dropped answer is unknown; check again gives exactly one payout", async () => {
    const reference = newReference("NGN");
    const body = payout("900.25", reference);
    // The client tries three times; every answer is lost after the simulator committed the payout.
    await control(sim, "POST", "/_sim/faults", { dropResponseNext: { count: 3, path: "/v1/ngn/payouts" } });
    const lost = await send(body);
    expect(lost.status).toBe(502);
    expect(lost.json.error.code).toBe("upstream_error");
    // Unknown, never failed: the exact bytes are kept for the check.
    expect(await moneyWrites().ledger.find("live", "ngn-payout", reference)).toMatchObject({
      state: "unknown",
      requestBody: expect.stringContaining(reference),
    });

    // The lookup opens the newest NGN payouts and finds it.
    const found = await lookup(reference);
    expect(found.json).toMatchObject({ state: "created" });

    const checked = await send(body);
    expect(checked.status).toBe(200);
    expect(checked.json.transactionId).toBe(found.json.transactionId);
    expect((await simPayoutsWith(reference)).map((p) => p.transactionId)).toEqual([checked.json.transactionId]);
  });
});

describe("Brazil pay-ins (a reference beside the body)", () => {
  const body = { amount: "150.00", paymentMethodCode: "PIX", customer: { name: "Ana Souza", email: "ana@example.com" } };
  const send = (reference: string) =>
    call(createPayin, "POST", "/api/payins/brazil", { params: { region: "brazil" }, body: { reference, body } });
  const lookup = (reference: string) =>
    call(lookupPayin, "GET", `/api/payins/brazil/lookup?${new URLSearchParams({ reference })}`, { params: { region: "brazil" } });
  const brazilPayins = async () =>
    ((await control(sim, "GET", "/_sim/transactions?env=test")) as { items: { id: string; type: string; rail: string }[] }).items.filter(
      (row) => row.type === "payin" && row.rail === "brazil",
    );

  beforeAll(() => useMode("test"));

  it("a dropped answer is unknown; check again gives exactly one pay-in", async () => {
    const before = await brazilPayins();
    const reference = newReference("BR");
    await control(sim, "POST", "/_sim/faults", { dropResponseNext: { count: 3, path: "/v1/br/payins" } });
    const lost = await send(reference);
    expect(lost.status).toBe(502);
    expect(await moneyWrites().ledger.find("test", "brazil-payin", reference)).toMatchObject({ state: "unknown" });
    // The API cannot be searched by reference, and no id came back: nothing says yet.
    expect((await lookup(reference)).json).toEqual({ state: "unknown" });

    const checked = await send(reference);
    expect(checked.status).toBe(200);
    const created = (await brazilPayins()).filter((row) => !before.some((old) => old.id === row.id));
    expect(created.map((row) => row.id)).toEqual([checked.json.transactionId]);
    expect((await lookup(reference)).json).toEqual({ state: "created", transactionId: checked.json.transactionId });
  });

  it("the same reference with another body is refused, and nothing is sent", async () => {
    const reference = newReference("BR");
    expect((await send(reference)).status).toBe(200);
    const before = await brazilPayins();
    const other = await call(createPayin, "POST", "/api/payins/brazil", {
      params: { region: "brazil" },
      body: { reference, body: { ...body, amount: "151.00" } },
    });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe("reference_in_use");
    expect(await brazilPayins()).toHaveLength(before.length);
  });
});

// A 400 naming a code is kept by the API for the key (§5 rule 4), and the ledger records it failed.
// Answered as fields to fix (upstream_rejected), the form offered to send them again under the same
// reference, which could only be refused.
describe("a refusal the API keeps for the reference", () => {
  const body = { amount: "150.00", paymentMethodCode: "PIX", customer: { name: "Ana Souza", email: "ana@example.com" } };
  const send = (reference: string, amount: string) =>
    call(createPayin, "POST", "/api/payins/brazil", { params: { region: "brazil" }, body: { reference, body: { ...body, amount } } });

  it("is said as final (upstream_refused, 422, with its code), and the same reference is then refused whatever the body", async () => {
    await useMode("test");
    await control(sim, "POST", "/_sim/faults", { failNext: { count: 1, status: 400, code: "limit_exceeded", path: "/v1/br/payins" } });
    const reference = newReference("BR");
    const refused = await send(reference, "150.00");
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe("upstream_refused");
    expect(refused.json.error.message).toContain("(limit_exceeded)");
    expect(await moneyWrites().ledger.find("test", "brazil-payin", reference)).toMatchObject({ state: "failed", code: "limit_exceeded" });
    expect((await send(reference, "150.00")).json.error.code).toBe("reference_refused");
    expect((await send(reference, "120.00")).json.error.code).toBe("reference_in_use");
    // A new reference (Start again) goes through.
    expect((await send(newReference("BR"), "120.00")).status).toBe(200);
  });
});

// Test keys always get 503 on PYUSD and Nigeria (§5 rule 10): a write sent anyway was kept as of
// unknown outcome under its reference for good, and its lookup said "unknown" forever.
describe("a write on a live-only rail in test mode", () => {
  it("is refused before anything is reserved or sent", async () => {
    await useMode("test");
    const reference = newReference("PY");
    const refused = await call(createPayin, "POST", "/api/payins/pyusd", {
      params: { region: "pyusd" },
      body: { reference, body: { amount: "10", merchantReference: reference, expiresInMinutes: 60 } },
    });
    expect(refused.status).toBe(503);
    expect(refused.json.error).toMatchObject({
      code: "payment_unavailable",
      message: "PYUSD is live only: test keys cannot use it. Nothing was sent.",
    });
    expect(await moneyWrites().ledger.find("test", "pyusd-payin", reference)).toBeUndefined();
  });
});

describe("a write reviewed in one mode while the session is in the other (switched in another tab)", () => {
  const body = { amount: "150.00", paymentMethodCode: "PIX", customer: { name: "Ana Souza", email: "ana@example.com" } };
  const sendShowing = (reference: string, shown: string) =>
    call(createPayin, "POST", "/api/payins/brazil", {
      params: { region: "brazil" },
      body: { reference, body },
      headers: { "X-Console-Mode": shown },
    });
  const brazilPayinCount = async (env: "test" | "live") =>
    ((await control(sim, "GET", `/_sim/transactions?env=${env}`)) as { items: { type: string; rail: string }[] }).items.filter(
      (row) => row.type === "payin" && row.rail === "brazil",
    ).length;

  afterAll(() => useMode("test"));

  it("is refused with 409 mode_changed: nothing stored, nothing sent in either mode, and the reference stays free", async () => {
    // The page was reviewed under the live banner; another tab has since switched the session to test.
    await useMode("test");
    const before = { test: await brazilPayinCount("test"), live: await brazilPayinCount("live") };
    const reference = newReference("BR");
    const refused = await sendShowing(reference, "live");
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("mode_changed");
    expect(refused.json.error.message).toContain("this page showed live mode, but your session is now in test mode");
    expect(await moneyWrites().ledger.find("live", "brazil-payin", reference)).toBeUndefined();
    expect(await moneyWrites().ledger.find("test", "brazil-payin", reference)).toBeUndefined();
    expect({ test: await brazilPayinCount("test"), live: await brazilPayinCount("live") }).toEqual(before);

    // The same write from a page that shows test: taken, under the same reference.
    const sent = await sendShowing(reference, "test");
    expect(sent.status).toBe(200);
    expect(await brazilPayinCount("test")).toBe(before.test + 1);
  });

  it("a mode that is neither test nor live is a 400; a client that states none acts in the session's mode", async () => {
    await useMode("test");
    const garbage = await sendShowing(newReference("BR"), "production");
    expect(garbage.status).toBe(400);
    expect(garbage.json.error.message).toBe('X-Console-Mode must be "test" or "live".');
    const before = await brazilPayinCount("test");
    const unstated = await call(createPayin, "POST", "/api/payins/brazil", {
      params: { region: "brazil" },
      body: { reference: newReference("BR"), body },
    });
    expect(unstated.status).toBe(200);
    expect(await brazilPayinCount("test")).toBe(before + 1);
  });

  it("switching the mode itself is taken from a page that shows the other mode", async () => {
    await useMode("live");
    const switched = await call(setMode, "PUT", "/api/session/mode", { body: { mode: "test" }, headers: { "X-Console-Mode": "live" } });
    expect(switched.status).toBe(200);
    expect(switched.json).toEqual({ mode: "test" });
  });
});

describe("a Europe payout typed as a person writes it", () => {
  it("an IBAN with spaces and a BIC in lower case are sent as the API takes them, and the payout is created", async () => {
    const { POST: createPayout } = await import("@/app/api/payouts/[region]/route");
    await useMode("test");
    const merchantReference = newReference("EU");
    const sent = await call(createPayout, "POST", "/api/payouts/europe", {
      params: { region: "europe" },
      body: {
        body: {
          amount: "25.00",
          merchantReference,
          beneficiary: { name: "Eva Muster", iban: "de89 3704 0044 0532 0130 00", bic: "deutdeff" },
        },
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const created = (
      (await control(sim, "GET", "/_sim/payouts?env=test&rail=europe")) as { items: { merchantReference?: string }[] }
    ).items.filter((payout) => payout.merchantReference === merchantReference);
    expect(created).toHaveLength(1);
  });
});
