// lib/payments/in-flight-limit.ts: the transaction list's transport keeps at most N requests
// on the wire, in call order, and a failed call gives its place up like a successful one.
import { describe, expect, it } from "vitest";
import type { FetchLike, HttpAnswer } from "@/lib/payments/http";
import { limitInFlight } from "@/lib/payments/in-flight-limit";

/** A transport whose calls stay open until the test answers them. */
function heldTransport() {
  const open: { url: string; answer: (ok: boolean) => void }[] = [];
  const fetch: FetchLike = (url) =>
    new Promise<HttpAnswer>((resolve, reject) =>
      open.push({
        url,
        answer: (ok) =>
          ok ? resolve({ ok: true, status: 200, headers: { get: () => null }, text: () => Promise.resolve(url) }) : reject(new Error(url)),
      }),
    );
  return { fetch, open };
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe("limitInFlight", () => {
  it("keeps at most `max` calls open and starts the queued ones in call order as places free", async () => {
    const { fetch, open } = heldTransport();
    const limited = limitInFlight(fetch, 2);
    const answers = ["a", "b", "c", "d"].map((url) => limited(url, {}));
    await turns();
    expect(open.map((call) => call.url)).toEqual(["a", "b"]);
    open[1]!.answer(true);
    await turns();
    expect(open.map((call) => call.url)).toEqual(["a", "b", "c"]);
    open[0]!.answer(true);
    await turns();
    expect(open.map((call) => call.url)).toEqual(["a", "b", "c", "d"]);
    open[2]!.answer(true);
    open[3]!.answer(true);
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual(["a", "b", "c", "d"]);
  });

  it("frees the place of a call that failed, and passes the failure on", async () => {
    const { fetch, open } = heldTransport();
    const limited = limitInFlight(fetch, 1);
    const failing = limited("a", {});
    const next = limited("b", {});
    await turns();
    expect(open.map((call) => call.url)).toEqual(["a"]);
    open[0]!.answer(false);
    await expect(failing).rejects.toThrow("a");
    await turns();
    expect(open.map((call) => call.url)).toEqual(["a", "b"]);
    open[1]!.answer(true);
    expect(await (await next).text()).toBe("b");
  });

  it("refuses a limit that is not a positive integer", () => {
    const { fetch } = heldTransport();
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => limitInFlight(fetch, max)).toThrow(/positive integer/);
  });
});
