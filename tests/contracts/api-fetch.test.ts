import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFetchError, apiFetch, apiFetchStreamed } from "@/lib/api-fetch";
import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE } from "@/lib/contracts/csrf";
import { nigeriaPayoutContract } from "@/lib/contracts/ngn-payouts";
import { transactionChunkContract } from "@/features/transactions/contracts";
import { webhookChangeContract } from "@/features/settings/contracts";
import { onShownModeRefused, setShownMode } from "@/lib/shown-mode";

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal("fetch", fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("apiFetch(contract)", () => {
  it("asks the contract's path and method, with the CSRF header and the JSON body", async () => {
    fetchMock.mockResolvedValueOnce(json({ webhookUrl: "https://hooks.example/in", updatedAt: null }));
    const change = { url: "https://hooks.example/in", confirmHost: "hooks.example", replacing: null };
    await expect(apiFetch(webhookChangeContract, { body: change })).resolves.toEqual({
      webhookUrl: "https://hooks.example/in",
      updatedAt: null,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/settings/webhook");
    expect(init).toMatchObject({ method: "PATCH", credentials: "same-origin", body: JSON.stringify(change) });
    expect(new Headers(init!.headers).get(CSRF_HEADER_NAME)).toBe(CSRF_HEADER_VALUE);
    expect(new Headers(init!.headers).get("content-type")).toBe("application/json");
  });

  it("builds the path from its params, encoded", async () => {
    fetchMock.mockResolvedValueOnce(json({}));
    await apiFetch(nigeriaPayoutContract, { params: { id: "tx/1?x" } });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/nigeria/payouts/tx%2F1%3Fx");
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: "GET", body: undefined });
  });

  it("throws the BFF's error with its code, fields, request id and Retry-After", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: "validation", message: "Some fields are invalid.", requestId: "req-1", fields: { url: ["bad"] } } }, 400, {
        "retry-after": "3",
      }),
    );
    const error = await apiFetch(nigeriaPayoutContract, { params: { id: "x" } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiFetchError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation",
      message: "Some fields are invalid.",
      requestId: "req-1",
      fields: { url: ["bad"] },
      retryAfter: 3,
    });
  });

  it("does not pass on a code outside the shared list, nor a body that is not the error shape", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: "teapot", message: "short and stout" } }, 418));
    await expect(apiFetch(nigeriaPayoutContract, { params: { id: "x" } })).rejects.toMatchObject({
      status: 418,
      code: "unexpected_response",
    });
    fetchMock.mockResolvedValueOnce(new Response("<html>502</html>", { status: 502 }));
    await expect(apiFetch(nigeriaPayoutContract, { params: { id: "x" } })).rejects.toMatchObject({
      status: 502,
      code: "unexpected_response",
    });
  });

  it("reports a network failure as network_error", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(apiFetch(nigeriaPayoutContract, { params: { id: "x" } })).rejects.toMatchObject({ status: 0, code: "network_error" });
  });
});

describe("apiFetchStreamed(contract, read)", () => {
  it("hands a successful answer, unread, to its reader", async () => {
    fetchMock.mockResolvedValueOnce(new Response("line 1\nline 2"));
    const read = vi.fn(async (response: Response) => (await response.text()).split("\n"));
    await expect(apiFetchStreamed(transactionChunkContract, read, { params: { since: 4 } })).resolves.toEqual(["line 1", "line 2"]);
    expect(read).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/transactions?since=4&limit=100000");
  });

  it("throws an error answer as apiFetch does, without calling the reader", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: "unauthenticated", message: "Sign in again." } }, 401));
    const read = vi.fn(async () => "never");
    await expect(apiFetchStreamed(transactionChunkContract, read, { params: { since: 0 } })).rejects.toMatchObject({
      status: 401,
      code: "unauthenticated",
      message: "Sign in again.",
    });
    expect(read).not.toHaveBeenCalled();
  });
});

describe("apiFetch states the mode its page shows", () => {
  const change = { url: "https://hooks.example/in", confirmHost: "hooks.example", replacing: null };
  const modeSent = (call: number) => new Headers(fetchMock.mock.calls[call]![1]!.headers).get("X-Console-Mode");

  it("sends the mode the pages show with each request, as it is when the call starts", async () => {
    setShownMode("test");
    fetchMock.mockResolvedValueOnce(json({ webhookUrl: change.url, updatedAt: null }));
    await apiFetch(webhookChangeContract, { body: change });
    setShownMode("live");
    fetchMock.mockResolvedValueOnce(json({ webhookUrl: change.url, updatedAt: null }));
    await apiFetch(webhookChangeContract, { body: change });
    expect([modeSent(0), modeSent(1)]).toEqual(["test", "live"]);
  });

  it("tells the pages when the BFF refused a write made in a mode the session has left, and throws its error", async () => {
    setShownMode("test");
    const heard = vi.fn();
    const stop = onShownModeRefused(heard);
    fetchMock.mockResolvedValueOnce(json({ error: { code: "mode_changed", message: "Nothing was sent." } }, 409));
    await expect(apiFetch(webhookChangeContract, { body: change })).rejects.toMatchObject({ status: 409, code: "mode_changed" });
    expect(heard).toHaveBeenCalledTimes(1);
    // Any other refusal is the form's to show, not a mode change.
    fetchMock.mockResolvedValueOnce(json({ error: { code: "forbidden", message: "No." } }, 403));
    await expect(apiFetch(webhookChangeContract, { body: change })).rejects.toMatchObject({ code: "forbidden" });
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
