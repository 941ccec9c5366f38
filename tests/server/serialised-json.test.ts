// A route that serialises its own JSON (lib/server/bff.ts, SerialisedJson) answers its pieces
// as one stream: read whole it is their join, with the wrapper's headers; the pieces are pulled
// as the reader asks for bytes, and a reader that stops ends the pieces' generator. The request's
// log line is written when the stream ends, and says how it ended.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { contract } from "@/lib/contracts/contract";

// The wrapper's log line reads the server's env: a stand-in logger records the lines instead.
const lines = vi.hoisted(() => [] as { level: string; message: string; fields: Record<string, unknown> }[]);
vi.mock("@/lib/server/logger", async (importOriginal) => {
  const at =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}) =>
      void lines.push({ level, message, fields });
  return { ...(await importOriginal<object>()), logger: { info: at("info"), warn: at("warn"), error: at("error") } };
});
beforeEach(() => void lines.splice(0));
const { SerialisedJson, withPublic } = await import("@/lib/server/bff");

const probeContract = contract<{ rows: number[] }>()({ method: "GET", path: () => "/api/probe" });

function routeOf(pieces: () => Iterable<string | Uint8Array>) {
  return withPublic(probeContract, () => new SerialisedJson<{ rows: number[] }>(pieces()));
}

const request = () => new Request("http://localhost/api/probe");
const context = { params: Promise.resolve({}) };

describe("SerialisedJson answers", () => {
  it("stream the pieces' join as JSON, with the wrapper's headers", async () => {
    const response = await routeOf(() => ['{"rows":[', "1,2", ",3", "]}"])(request(), context);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ rows: [1, 2, 3] });
  });

  it("send pieces already encoded as their bytes, the same bytes to every reader", async () => {
    const kept = new TextEncoder().encode('"é",2');
    const read = async () => {
      const response = await routeOf(() => ['{"rows":[', kept, ",3]}"])(request(), context);
      return new Uint8Array(await response.arrayBuffer());
    };
    const first = await read();
    expect(JSON.parse(new TextDecoder().decode(first))).toEqual({ rows: ["é", 2, 3] });
    expect(await read()).toEqual(first);
    expect(new TextDecoder().decode(kept)).toBe('"é",2');
  });

  it("build a piece only when the reader asks, and stop when it cancels", async () => {
    const made: number[] = [];
    let ended = false;
    function* pieces() {
      try {
        yield '{"rows":[0';
        for (let i = 1; i < 1_000; i++) {
          made.push(i);
          yield `,${i}`;
        }
        yield "]}";
      } finally {
        ended = true;
      }
    }
    const response = await routeOf(pieces)(request(), context);
    const reader = response.body!.getReader();
    await reader.read();
    expect(made.length).toBeLessThan(10);
    await reader.cancel();
    expect(ended).toBe(true);
    expect(made.length).toBeLessThan(10);
  });

  it("log the request once, when the last piece is out", async () => {
    let last = false;
    function* pieces() {
      yield '{"rows":[1';
      yield ",2]}";
      last = true;
    }
    const response = await routeOf(pieces)(request(), context);
    // The route has returned; the answer has not been read, so it is not logged yet.
    expect(lines).toEqual([]);
    expect(await response.json()).toEqual({ rows: [1, 2] });
    expect(last).toBe(true);
    expect(lines).toEqual([
      {
        level: "info",
        message: "request",
        fields: expect.objectContaining({ method: "GET", path: "/api/probe", status: 200, streamed: "sent" }) as unknown,
      },
    ]);
    expect(lines[0]!.fields.durationMs).toEqual(expect.any(Number));
  });

  it("log a reader that left before the end as cancelled", async () => {
    const response = await routeOf(() => ['{"rows":[', "1", ",2", "]}"])(request(), context);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(lines.map((line) => [line.level, line.fields.streamed])).toEqual([["info", "cancelled"]]);
  });

  it("log a piece that fails after the answer started as an error, and fail the reader's stream", async () => {
    function* pieces(): Generator<string> {
      yield '{"rows":[1';
      throw new Error("the row store went away");
    }
    const response = await routeOf(pieces)(request(), context);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow("the row store went away");
    expect(lines.map((line) => [line.level, line.fields.status, line.fields.streamed])).toEqual([["error", 200, "failed"]]);
  });

  it("leave other answers logged as the route returns", async () => {
    const plain = withPublic(probeContract, () => ({ rows: [1] }));
    await plain(request(), context);
    expect(lines.map((line) => [line.level, line.fields.status, line.fields.streamed])).toEqual([["info", 200, undefined]]);
  });
});
