import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPaymentsClient } from "@/lib/payments/client";
import { authHeaders, signPayload, unixSeconds } from "@/lib/payments/signing";
import { clientOptions, fakeFetch, jsonResponse } from "./fake-fetch";

const secret = "mrp_test_demo_secret_change_me_0000000000";
const timestamp = "1767225600"; // 2026-01-01T00:00:00Z
const nonAsciiBody = '{"city":"São Paulo ₦","amount":"1500.00"}';
const utf8 = new TextEncoder();

// Vectors computed independently with OpenSSL 3 in a UTF-8 shell:
//   secret='mrp_test_demo_secret_change_me_0000000000'
//   printf '%s' "1767225600." | openssl dgst -sha256 -hmac "$secret"
//   printf '%s' '1767225600.{"city":"São Paulo ₦","amount":"1500.00"}' | openssl dgst -sha256 -hmac "$secret"
const EMPTY_GET_SIGNATURE = "0144479be3570d15fe27744f950cdfc49dcd03e6abfb6df65eaef61a21649f2c";
const NON_ASCII_SIGNATURE = "cc98206b9bac4f882c296aa702cb067e50daae8f890b8dc0195a3729dd2c195b";

describe("signPayload", () => {
  it("signs `${ts}.` for a GET with no body", () => {
    expect(signPayload(secret, timestamp)).toBe(EMPTY_GET_SIGNATURE);
    expect(signPayload(secret, timestamp, new Uint8Array())).toBe(EMPTY_GET_SIGNATURE);
  });

  it("signs the UTF-8 bytes of a non-ASCII body", () => {
    expect(signPayload(secret, timestamp, utf8.encode(nonAsciiBody))).toBe(NON_ASCII_SIGNATURE);
  });

  it("is lowercase hex of 64 characters", () => {
    expect(signPayload(secret, timestamp, utf8.encode("{}"))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("unixSeconds", () => {
  it("uses seconds, not milliseconds", () => {
    expect(unixSeconds(Date.UTC(2026, 0, 1, 0, 0, 0, 999))).toBe(timestamp);
  });
});

describe("authHeaders", () => {
  it("carries the key, the second timestamp and the signature of that timestamp", () => {
    const headers = authHeaders({ apiKey: "k", apiSecret: secret, body: undefined, nowMs: 1767225600_500 });
    expect(headers).toEqual({
      "X-Service-Key": "k",
      "X-Service-Timestamp": timestamp,
      "X-Service-Signature": EMPTY_GET_SIGNATURE,
    });
  });
});

describe("bytes on the wire", () => {
  it("sends exactly the bytes it signed, for a non-ASCII body", async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { webhookUrl: "https://x.example/São" }));
    const { options } = clientOptions(fetch, { apiSecret: secret });
    const client = createPaymentsClient(options);

    await client.updateWebhook({ url: "https://hooks.example/São-Paulo-₦" });

    const call = calls[0]!;
    const body = call.body!;
    const expected = createHmac("sha256", secret).update(`${call.headers["x-service-timestamp"]}.`).update(body).digest("hex");
    expect(call.headers["x-service-signature"]).toBe(expected);
    // The body is the one JSON serialisation of the validated input, in UTF-8.
    expect(Buffer.from(body).toString("utf8")).toBe(JSON.stringify({ url: "https://hooks.example/São-Paulo-₦" }));
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.headers["x-service-timestamp"]).toMatch(/^\d{10}$/);
  });

  it("sends no body and no Content-Type on GET, and signs `${ts}.`", async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { items: [] }));
    const { options } = clientOptions(fetch, { apiSecret: secret, now: () => 1767225600_000 });
    await createPaymentsClient(options).balance();

    expect(calls[0]!.body).toBeUndefined();
    expect(calls[0]!.headers["content-type"]).toBeUndefined();
    expect(calls[0]!.headers["x-service-signature"]).toBe(EMPTY_GET_SIGNATURE);
  });
});
