import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as fixtures from "../payments/fixtures";
import { HOSTILE_REFERENCES } from "../support/hostile-references";
import { cookieJar } from "./support/cookie-jar";
import { call, signInWithFactor, stubDashboardEnv } from "./support/bff-harness";

vi.mock("next/headers", () => import("./support/next-headers-mock"));

const { POST: createPayout } = await import("@/app/api/payouts/[region]/route");
const { POST: createPayin } = await import("@/app/api/payins/[region]/route");
const { POST: createNigeriaPayout } = await import("@/app/api/nigeria/payouts/route");
const { GET: lookupNigeriaPayout } = await import("@/app/api/nigeria/payouts/lookup/route");
const { MAX_BODY_BYTES } = await import("@/lib/server/bff");

// The upstream stand-in counts every request: a refused reference must never reach it.
let upstream: Server;
let upstreamRequests = 0;

beforeAll(async () => {
  upstream = createServer((_request, response) => {
    upstreamRequests += 1;
    // A plain 400 is final for the client (no retry), so the control below stays quick.
    response
      .writeHead(400, { "content-type": "application/json" })
      .end(JSON.stringify({ error: "Bad Request", message: "refused by the stand-in" }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  await stubDashboardEnv(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  // One admin session for the file: signing in is deliberately slow (scrypt).
  cookieJar.clear();
  await signInWithFactor("admin@demo.test");
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

beforeEach(() => {
  upstreamRequests = 0;
});

type Write = { name: string; send: (reference: string) => ReturnType<typeof call>; field: string };

const WRITES: Write[] = [
  ...(["bangladesh", "brazil", "europe"] as const).map((region) => ({
    name: `POST /api/payouts/${region}`,
    field: "body.merchantReference",
    send: (reference: string) => {
      const body = { bangladesh: fixtures.bangladeshPayout, brazil: fixtures.brazilPayout, europe: fixtures.europePayout("100.00") }[
        region
      ];
      return call(createPayout, "POST", `/api/payouts/${region}`, {
        params: { region },
        body: { body: { ...body, merchantReference: reference } },
      });
    },
  })),
  {
    name: "POST /api/payins/pyusd",
    field: "body.merchantReference",
    send: (reference) =>
      call(createPayin, "POST", "/api/payins/pyusd", {
        params: { region: "pyusd" },
        body: { body: { ...fixtures.pyusdIntent, merchantReference: reference } },
      }),
  },
  {
    name: "POST /api/payins/bangladesh (goodsInfo.id)",
    field: "body.goodsInfo.id",
    send: (reference) =>
      call(createPayin, "POST", "/api/payins/bangladesh", {
        params: { region: "bangladesh" },
        body: {
          reference: "0b7c1a7e-52b1-4c7e-9a0e-3f1f1a2b3c4d",
          body: { ...fixtures.bangladeshPayin, goodsInfo: { name: "Order 1", id: reference } },
        },
      }),
  },
  {
    name: "POST /api/nigeria/payouts",
    field: "merchantReference",
    send: (reference) =>
      call(createNigeriaPayout, "POST", "/api/nigeria/payouts", {
        body: { ...fixtures.nigeriaPayout("1500.00"), merchantReference: reference, beneficiaryToken: "token" },
      }),
  },
  {
    name: "GET /api/nigeria/payouts/lookup",
    field: "reference",
    send: (reference) => call(lookupNigeriaPayout, "GET", `/api/nigeria/payouts/lookup?${new URLSearchParams({ reference })}`),
  },
];

describe.each(WRITES)("$name", ({ send, field }) => {
  // The 1 and 2 MB values travel as JSON bodies, past what the wrapper reads of a body (a query
  // string is refused by any server's URL limit first); the others are the schema's to refuse.
  const oversized = (value: string) => value.length > MAX_BODY_BYTES;
  const cases = field === "reference" ? HOSTILE_REFERENCES.filter(([, value]) => value.length < 10_000) : HOSTILE_REFERENCES;

  it.each(cases.filter(([, value]) => !oversized(value)))("refuses %s with 400 and sends nothing upstream", async (_label, reference) => {
    const response = await send(reference);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("validation");
    expect(Object.keys(response.json.error.fields)).toEqual([field]);
    expect(upstreamRequests).toBe(0);
  });

  if (field !== "reference") {
    it.each(cases.filter(([, value]) => oversized(value)))(
      "refuses %s in a body with 413 and sends nothing upstream",
      async (_label, reference) => {
        const response = await send(reference);
        expect(response.status).toBe(413);
        expect(response.json.error.code).toBe("payload_too_large");
        expect(upstreamRequests).toBe(0);
      },
    );
  }
});

it("control: a valid reference does reach the upstream stand-in", async () => {
  const response = await call(createPayout, "POST", "/api/payouts/brazil", {
    params: { region: "brazil" },
    body: { body: fixtures.brazilPayout },
  });
  expect(response.status).toBe(422);
  expect(upstreamRequests).toBe(1);
});
