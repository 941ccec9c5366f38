// The wrapper reads a write's JSON body up to MAX_BODY_BYTES (lib/server/bff.ts): a larger one is
// refused with 413 as it arrives, before the handler runs, whatever the request says its length is.
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { contract } from "@/lib/contracts/contract";

vi.mock("@/lib/server/logger", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() },
}));
// The origin check is request-guard's (tested there); here every request passes it.
vi.mock("@/lib/server/request-guard", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  assertSameOriginMutation: () => undefined,
}));
const { MAX_BODY_BYTES, withPublic } = await import("@/lib/server/bff");

const noteContract = contract<{ length: number }>()({
  method: "POST",
  path: () => "/api/probe",
  input: () => Promise.resolve(z.object({ note: z.string() })),
});
const handled = vi.fn();
const route = withPublic(noteContract, ({ input }) => {
  handled();
  return { length: input.note.length };
});
const context = { params: Promise.resolve({}) };
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  route(new Request("http://localhost/api/probe", { method: "POST", body, headers, duplex: "half" } as RequestInit), context);

/** A body sent in pieces, with no length declared (chunked), counting how many pieces were pulled. */
function streamed(pieces: number, pieceBytes: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === pieces) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(pieceBytes).fill(0x20));
    },
  });
  return { body, pulled: () => pulled };
}

describe("a write's body", () => {
  it("is read whole when it is JSON within the limit", async () => {
    const response = await post(JSON.stringify({ note: "n".repeat(MAX_BODY_BYTES - 20) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: MAX_BODY_BYTES - 20 });
  });

  it("is refused with 413 when it declares more than the limit, and the handler never runs", async () => {
    handled.mockClear();
    const response = await post(JSON.stringify({ note: "n".repeat(MAX_BODY_BYTES) }));
    expect(response.status).toBe(413);
    expect((await response.json()) as unknown).toMatchObject({ error: { code: "payload_too_large" } });
    expect(handled).not.toHaveBeenCalled();
  });

  it("is refused as it arrives when it declares no length, without reading the rest", async () => {
    handled.mockClear();
    const { body, pulled } = streamed(1_000, 16 * 1024);
    const response = await post(body);
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThan(10);
    expect(handled).not.toHaveBeenCalled();
  });

  it("refuses half of a surrogate pair in what the schema keeps, naming the field, and takes a whole emoji", async () => {
    handled.mockClear();
    for (const body of ['{"note":"\\ud800"}', '{"note":"a\\udc00b"}']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect((await response.json()) as unknown).toMatchObject({
        error: { code: "validation", fields: { note: [expect.stringMatching(/broken character/)] } },
      });
    }
    expect(handled).not.toHaveBeenCalled();
    const whole = await post('{"note":"\\ud83d\\ude00"}');
    expect(whole.status).toBe(200);
    expect(await whole.json()).toEqual({ length: 2 });
  });

  it("says it must be JSON when it is not, or not UTF-8, or empty", async () => {
    for (const body of ["{", new Uint8Array([0x7b, 0xff, 0x7d]), ""]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect((await response.json()) as unknown).toMatchObject({
        error: { code: "validation", message: "The request body must be JSON." },
      });
    }
  });
});
