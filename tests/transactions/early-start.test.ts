// features/transactions/worker/early-start.ts: the script /transactions' HTML carries. Run here
// against a stand-in window: it starts the worker at the fixed URL, asks for the list in the
// session's mode, leaves the worker where the page's client adopts it, and never throws.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { EARLY_WORKER_GLOBAL, earlyWorkerScript } from "@/features/transactions/worker/early-start";
import { startModeOf, TRANSACTIONS_WORKER_URL } from "@/features/transactions/worker/url";

class StandInWorker {
  static made: StandInWorker[] = [];
  readonly posted: unknown[] = [];
  constructor(readonly url: string) {
    StandInWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
}

/** Runs the script as the browser would, with these as its `window` and `Worker`. */
function run(script: string, window: Record<string, unknown>, Worker: unknown) {
  runInNewContext(script, { window, Worker });
}

describe("earlyWorkerScript", () => {
  for (const mode of ["live", "test"] as const) {
    it(`starts the worker with its URL asking for the ${mode} list, and leaves it for the page`, () => {
      StandInWorker.made = [];
      const window: Record<string, unknown> = {};
      run(earlyWorkerScript(mode), window, StandInWorker);
      expect(StandInWorker.made).toHaveLength(1);
      const [worker] = StandInWorker.made;
      expect(worker!.url.startsWith(`${TRANSACTIONS_WORKER_URL}?`)).toBe(true);
      // The worker reads its URL as it boots; no message, which would wait for the page's main thread.
      expect(startModeOf(new URL(worker!.url, "https://console.example").href)).toBe(mode);
      expect(worker!.posted).toEqual([]);
      expect(window[EARLY_WORKER_GLOBAL]).toBe(worker);
    });
  }

  it("starts nothing when a worker is already waiting", () => {
    StandInWorker.made = [];
    const window: Record<string, unknown> = { [EARLY_WORKER_GLOBAL]: "already there" };
    run(earlyWorkerScript("test"), window, StandInWorker);
    expect(StandInWorker.made).toHaveLength(0);
    expect(window[EARLY_WORKER_GLOBAL]).toBe("already there");
  });

  it("leaves nothing behind when the browser cannot start a worker", () => {
    const window: Record<string, unknown> = {};
    const Refused = function () {
      throw new Error("blocked by policy");
    };
    expect(() => run(earlyWorkerScript("live"), window, Refused)).not.toThrow();
    expect(EARLY_WORKER_GLOBAL in window).toBe(false);
  });

  it("cannot end its <script> element early", () => {
    expect(earlyWorkerScript("live")).not.toMatch(/<\//);
    expect(earlyWorkerScript("live")).not.toContain("<");
  });
});

describe("startModeOf", () => {
  it("reads only a mode the console has from the worker's URL", () => {
    const at = (query: string) => startModeOf(`https://console.example${TRANSACTIONS_WORKER_URL}${query}`);
    expect(at("?start=live")).toBe("live");
    expect(at("?start=test")).toBe("test");
    // Started by the page's JS (a client-side visit): it waits for the page's messages.
    expect(at("")).toBeNull();
    expect(at("?start=LIVE")).toBeNull();
    expect(at("?start=staging")).toBeNull();
    expect(at(`?start=${"x".repeat(10_000)}`)).toBeNull();
  });
});
