// A route that serialises its own JSON (lib/server/bff.ts, SerialisedJson) answers its pieces
// as one stream: read whole it is their join, with the wrapper's headers; the pieces are pulled
// as the reader asks for bytes, and a reader that stops ends the pieces' generator.
import { describe, expect, it, vi } from "vitest";
import { contract } from "@/lib/contracts/contract";

// The wrapper's log line reads the server's env; the answer is what is tested here.
vi.mock("@/lib/server/logger", () => ({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }));
const { SerialisedJson, withPublic } = await import("@/lib/server/bff");

const probeContract = contract<{ rows: number[] }>()({ method: "GET", path: () => "/api/probe" });

function routeOf(pieces: () => Iterable<string>) {
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
});
